"""The learning order inside a tier: what a reader needs first comes first, then the year.

Within one tier (or group) of a topic, an entry comes after:

1. the entries it continues (`continued_by`: FlashAttention before FlashAttention-2);
2. the entries that teach a concept it requires (the concept's `start` entries, or without
   any, the entries tagged with it), unless that contradicts the first rule. The data has
   such contradictions, and `continued_by` wins: FlashAttention-3 is a start entry of the
   concept FlashAttention-2 requires, yet FlashAttention-2 is continued by FlashAttention-3.
   Two such edges that contradict each other are taken in the order the entries come by year,
   the earlier entry's first;
3. otherwise, the year (then the title), the order the entries arrive in.

So the order is a topological order of those edges, each step taking the earliest entry by
year that nothing left must precede. A curator who knows better sets `position` (1 is
first): those entries take their places, and the others fill the rest in learning order.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

from gpulist.load import Entry


def learning_order(entries: Sequence[Entry], teachers: Mapping[str, frozenset[str]]) -> list[Entry]:
    """`entries` (one section, sorted by year and title) in learning order; `teachers` maps a
    concept id to the ids of the entries that teach it."""
    ids = [e.resource.id for e in entries]
    here = {rid: n for n, rid in enumerate(ids)}
    after: dict[int, set[int]] = {n: set() for n in range(len(ids))}  # n -> entries that come after n
    for n, e in enumerate(entries):
        for later in e.resource.continued_by:
            _add(after, n, here.get(later))
    for n, e in enumerate(entries):
        for concept in e.resource.requires:
            for teacher in sorted(here[t] for t in teachers.get(concept, ()) if t in here):
                _add(after, teacher, n)
    return _placed([entries[n] for n in _topological(after)])


def _add(after: dict[int, set[int]], first: int | None, then: int | None) -> None:
    """The edge first → then, unless it would close a loop (an edge already there wins)."""
    if first is None or then is None or first == then or _reaches(after, then, first):
        return
    after[first].add(then)


def _reaches(after: dict[int, set[int]], start: int, goal: int) -> bool:
    seen, todo = {start}, [start]
    while todo:
        for nxt in after[todo.pop()]:
            if nxt == goal:
                return True
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


def _topological(after: dict[int, set[int]]) -> list[int]:
    """Kahn's algorithm, always taking the lowest index (the earliest by year) that is free."""
    waiting = {n: 0 for n in after}
    for targets in after.values():
        for t in targets:
            waiting[t] += 1
    free = [n for n, count in waiting.items() if count == 0]
    heapq.heapify(free)
    order = []
    while free:
        n = heapq.heappop(free)
        order.append(n)
        for t in after[n]:
            waiting[t] -= 1
            if waiting[t] == 0:
                heapq.heappush(free, t)
    return order


def _placed(ordered: list[Entry]) -> list[Entry]:
    """Entries with a `position` at that place (1-based; past the end, at the end in their
    order), the others filling the remaining places in the order given."""
    fixed = sorted((e for e in ordered if e.resource.position is not None), key=lambda e: e.resource.position or 0)
    if not fixed:
        return ordered
    rest = [e for e in ordered if e.resource.position is None]
    out: list[Entry] = []
    for e in fixed:
        while len(out) + 1 < (e.resource.position or 0) and rest:
            out.append(rest.pop(0))
        out.append(e)
    return out + rest
