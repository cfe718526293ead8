"""Reading paths as the site shows them: each step resolved to its entry.

`gpulist validate` refuses unknown ids, but the view is also built for previews of data
with errors, so a step whose entry is missing is left out rather than failing the page.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from gpulist.load import Catalog, Entry
from gpulist.models import EFFORTS, ReadingPath


@dataclass(frozen=True, slots=True)
class Step:
    entry: Entry
    why: str


@dataclass(frozen=True, slots=True)
class PathView:
    path: ReadingPath
    steps: tuple[Step, ...]

    @property
    def page(self) -> str:
        return f"paths/{self.path.id}.md"

    @property
    def ids(self) -> list[str]:
        return [s.entry.resource.id for s in self.steps]

    @property
    def efforts(self) -> dict[str, int]:
        """How many steps take each effort band, shortest band first; steps without one are not
        counted. A tally, not a sum: the bands are ranges ("30–90 minutes"), not durations."""
        counts = Counter(s.entry.resource.effort for s in self.steps if s.entry.resource.effort)
        return {band: counts[band] for band in EFFORTS if counts[band]}


def build_paths(catalog: Catalog) -> tuple[PathView, ...]:
    by_id = {e.resource.id: e for e in catalog.entries}
    return tuple(
        PathView(p, tuple(Step(by_id[s.entry], s.why) for s in p.steps if s.entry in by_id))
        for p in catalog.paths
    )
