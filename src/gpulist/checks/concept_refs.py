"""A concept's `requires`, `related` and `start` name concepts and entries that exist.

A concept page links each of them, so an unknown id would be a dead link on the page and a
hole in the map. A concept that requires or relates to itself says nothing, and a repeat
says the same thing twice; both are reported where they are written.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, entry_ids, written_concepts, written_refs
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "concept-ref"
_KINDS = {"requires": "concept", "related": "concept", "start": "entry"}


def check(catalog: Catalog) -> list[Problem]:
    items = list(written_concepts(catalog))
    known = {"concept": {cid for _, cid, _ in items}, "entry": entry_ids(catalog)}
    problems: list[Problem] = []
    for i, cid, item in items:
        for field, kind in _KINDS.items():
            seen: set[str] = set()
            for j, ref in written_refs(item, field):
                message = _problem(cid, field, ref, known[kind], kind, seen)
                seen.add(ref)
                if message:
                    problems.append(at_concept(catalog, (i, field, j), message, RULE))
    return problems


def _problem(cid: str, field: str, ref: str, known: set[str], kind: str, seen: set[str]) -> str | None:
    if kind == "concept" and ref == cid:
        return f"'{cid}' names itself in `{field}`: list other concepts"
    if ref in seen:
        return f"{kind} '{ref}' is listed twice in `{field}`"
    if ref not in known:
        where = "concepts.yml" if kind == "concept" else "resources/ (the file name, without .yml)"
        return f"unknown {kind} '{ref}' in `{field}`{suggest(ref, known) or f' (not in {where})'}"
    return None
