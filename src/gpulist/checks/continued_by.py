"""`continued_by` draws lines of succession (FlashAttention → FlashAttention-2 → …).

Each id must be an entry, never the entry itself, and following the lines must never lead
back to where it started: a successor of its own successor is a loop, reported once with
the whole loop spelled out, at the item that closes it.
"""

from __future__ import annotations

from gpulist.checks._util import at, suggest
from gpulist.checks.concept_cycle import find_cycles
from gpulist.load import Catalog, Entry
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "continued-by"


def check(catalog: Catalog) -> list[Problem]:
    by_id = {e.resource.id: e for e in catalog.entries}
    problems: list[Problem] = []
    graph: dict[str, list[tuple[str, Loc]]] = {}
    for entry in catalog.entries:
        rid, seen = entry.resource.id, set()
        for i, ref in enumerate(entry.resource.continued_by):
            message = _problem(rid, ref, by_id, seen)
            seen.add(ref)
            if message:
                problems.append(at(entry, ("continued_by", i), message, RULE))
            else:
                graph.setdefault(rid, []).append((ref, ("continued_by", i)))
    for cycle, loc in find_cycles(graph):
        problems.append(at(by_id[cycle[-2]], loc, "`continued_by` loops: " + " → ".join(cycle), RULE))
    return problems


def _problem(rid: str, ref: str, by_id: dict[str, Entry], seen: set[str]) -> str | None:
    if ref == rid:
        return f"'{rid}' names itself in `continued_by`: list later work that builds on it"
    if ref in seen:
        return f"entry '{ref}' is listed twice in `continued_by`"
    if ref not in by_id:
        return f"unknown entry '{ref}' in `continued_by`{suggest(ref, by_id) or ' (the file name under resources/, without .yml)'}"
    return None
