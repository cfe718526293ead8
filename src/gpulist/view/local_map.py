"""A concept's local map: what it stands on, two steps back, and what it opens, one step on.

Four columns, left to right: the prerequisites of its prerequisites, its prerequisites
(`requires`), the concept, and the concepts that require it. It answers the two questions
a learner brings to a concept page, "what do I need first?" and "what does this open?",
without the whole map's 159 boxes. Each concept appears once: a direct prerequisite stays
in its column even when another prerequisite also needs it (that edge, inside one column,
is not drawn), and in a `requires` loop (refused by `gpulist validate`, possible in a
preview) a concept that is both behind and ahead is drawn behind.

Positions are in grid units, not pixels, so the drawing (gpulist.site.local_map) scales
to the column it sits in: a column is one unit wide plus a gap, a row is one unit high.
Columns are centred on one another, and the second column back is ordered by where its
concepts' dependants sit, which keeps its edges short.
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Mapping

from gpulist.models import Concept
from gpulist.view.concepts import ConceptView

# The column headings, in order; a column with no concept is left out.
COLUMNS = ("Before that", "Understand first", "This concept", "Unlocks")
THIS = COLUMNS[2]
# A concept that neither requires nor unlocks another is drawn beside its related concepts
# (`related`, no arrows), so that every concept page has a map to go on from.
RELATED = "Related"
MAX_RELATED = 4


@dataclass(frozen=True, slots=True)
class LocalNode:
    concept: Concept
    column: int  # 0 .. len(columns) - 1, left to right
    row: float  # the node's top, in rows; columns are centred, so a row may be a half


@dataclass(frozen=True, slots=True)
class LocalMap:
    nodes: tuple[LocalNode, ...]  # column by column, top to bottom: the order links are read
    edges: tuple[tuple[str, str], ...]  # (required, requiring), always from one column to the next
    headings: tuple[str, ...]  # of the columns drawn
    rows: int  # the tallest column

    @property
    def columns(self) -> int:
        return len(self.headings)


def local_layout(cid: str, views: Mapping[str, ConceptView]) -> LocalMap:
    """The local map of concept `cid`, a key of `views` (SiteView.concept_by_id)."""
    by_id = {c: views[c].concept for c in _around(cid, views)}
    before = _known(by_id[cid].requires, by_id, {cid})
    further = _known([r for p in before for r in by_id[p].requires], by_id, {cid, *before})
    ahead = _known(views[cid].unlocks, by_id, {cid, *before, *further})
    further = _by_dependants(further, before, by_id)
    columns = [(h, ids) for h, ids in zip(COLUMNS, (further, before, [cid], ahead)) if ids]
    if not before and not ahead:
        related = [r for r in dict.fromkeys(by_id[cid].related) if r in views and r != cid][:MAX_RELATED]
        by_id.update({r: views[r].concept for r in related})
        columns += [(RELATED, related)] if related else []
    rows = max(len(ids) for _, ids in columns)
    nodes = tuple(LocalNode(by_id[c], x, (rows - len(ids)) / 2 + y)
                  for x, (_, ids) in enumerate(columns) for y, c in enumerate(ids))
    column = {n.concept.id: n.column for n in nodes}
    edges = tuple((a, b.id) for b in (by_id[n.concept.id] for n in nodes) for a in dict.fromkeys(b.requires)
                  if a in column and column[a] + 1 == column[b.id]) if columns[-1][0] != RELATED else ()
    return LocalMap(nodes, edges, tuple(h for h, _ in columns), rows)


def _around(cid: str, views: Mapping[str, ConceptView]) -> set[str]:
    """The concept, its prerequisites and theirs, and what it unlocks: the known ones."""
    near = {cid, *views[cid].unlocks}
    for parent in views[cid].concept.requires:
        if parent in views:
            near |= {parent, *views[parent].concept.requires}
    return {c for c in near if c in views}


def _known(ids: list[str] | tuple[str, ...], by_id: dict[str, Concept], taken: set[str]) -> list[str]:
    """The ids that name a concept, once each, in order, leaving out those already drawn."""
    return [i for i in dict.fromkeys(ids) if i in by_id and i not in taken]


def _by_dependants(further: list[str], before: list[str], by_id: dict[str, Concept]) -> list[str]:
    """The second column back ordered by the mean place of the prerequisites that need each one."""
    place = {p: i for i, p in enumerate(before)}

    def centre(cid: str) -> float:
        needing = [place[p] for p in before if cid in by_id[p].requires]
        return sum(needing) / len(needing)

    return sorted(further, key=centre)
