"""Ids are anchors and file names: each must be unique within its kind."""

from __future__ import annotations

from collections.abc import Iterator

from gpulist.checks._util import at_doc, list_items
from gpulist.load import Catalog, Document
from gpulist.load.yaml_reader import Loc
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
    problems += _unique(catalog.topics_doc, _written(catalog.topics_doc, aliases=False), "topic")
    problems += _unique(catalog.concepts_doc, _written(catalog.concepts_doc, aliases=True), "concept or alias")
    problems += _unique(catalog.paths_doc, _written(catalog.paths_doc, aliases=False), "path")
    return problems


def _written(doc: Document | None, *, aliases: bool) -> Iterator[tuple[str, Loc]]:
    """Every id (and alias) as written in the file, lowercased, with where it is written.

    Read from the raw document rather than the models, so each repeat is located where it
    was written even when another item of the file failed validation, and `CUDA-C++` is
    seen to repeat `cuda-c++`.
    """
    for i, item in enumerate(list_items(doc)):
        if not isinstance(item, dict):
            continue
        if isinstance(item.get("id"), str):
            yield item["id"].lower(), (i, "id")
        names = item.get("aliases") if aliases else None
        for j, alias in enumerate(names if isinstance(names, list) else []):
            if isinstance(alias, str):
                yield alias.lower(), (i, "aliases", j)


def _unique(doc: Document | None, written: Iterator[tuple[str, Loc]], kind: str) -> list[Problem]:
    if doc is None:
        return []
    problems, seen = [], set()
    for value, loc in written:
        if value in seen:
            problems.append(at_doc(doc, loc, f"{kind} '{value}' is declared twice", RULE))
        seen.add(value)
    return problems
