"""Ids are anchors and file names: each must be unique within its kind."""

from __future__ import annotations

from gpulist.load import Catalog, Document
from gpulist.problems import Problem

RULE = "duplicate-id"


def check(catalog: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, str] = {}
    for entry in catalog.entries:
        rid = entry.resource.id
        if rid in seen:
            msg = f"id '{rid}' is already used by {seen[rid]}"
            problems.append(Problem(entry.doc.path, 1, 1, msg, RULE))
        seen.setdefault(rid, entry.doc.path)
    problems += _unique(catalog.topics_doc, [t.id for t in catalog.topics], "topic")
    tag_names = [t.id for t in catalog.tags] + [a.lower() for t in catalog.tags for a in t.aliases]
    problems += _unique(catalog.tags_doc, tag_names, "tag or alias")
    return problems


def _unique(doc: Document | None, ids: list[str], kind: str) -> list[Problem]:
    if doc is None:
        return []
    problems, seen = [], set()
    for value in ids:
        if value in seen:
            line, col = _find(doc, value)
            problems.append(Problem(doc.path, line, col, f"{kind} '{value}' is declared twice", RULE))
        seen.add(value)
    return problems


def _find(doc: Document, value: str) -> tuple[int, int]:
    """The last place the value is written, which is the repeated one."""
    hits = [loc for loc in doc.marks.values if _get(doc.data, loc) == value]
    return doc.marks.at(hits[-1]) if hits else (1, 1)


def _get(data: object, loc: tuple) -> object:
    for part in loc:
        try:
            data = data[part]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    return data
