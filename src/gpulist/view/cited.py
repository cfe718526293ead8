"""Measured elsewhere, as the GPU numbers page shows it: each cited figure beside its vendor peak.

Built from data/measured-elsewhere.yml and the GPU table, never from our records, so the page
can draw its own "Measured elsewhere" table and never mix a cited number into our measured
ceilings. A figure whose GPU, source or vendor peak is unknown is left out (the cited-* checks
report it); the rest keep their source, where in it, conditions and date for the page to say.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpulist.load import Catalog
from gpulist.models import CitedFigure, CitedSource
from gpulist.view.gpus import COLUMNS, GpuRow, GpuTable

_ORDER = {c.key: i for i, c in enumerate(COLUMNS)}


@dataclass(frozen=True, slots=True)
class CitedRow:
    row: GpuRow
    figure: CitedFigure
    source: CitedSource
    peak: float

    @property
    def share(self) -> float:
        return self.figure.value / self.peak


def build_cited(catalog: Catalog, table: GpuTable | None) -> tuple[CitedRow, ...]:
    """The cited figures the page can show, in the GPU table's order, then by column."""
    if catalog.cited is None or table is None:
        return ()
    sources = {s.id: s for s in catalog.cited.sources}
    order = {r.gpu.id: i for i, r in enumerate(table.rows)}
    found = []
    for figure in catalog.cited.figures:
        row, source = table.row(figure.gpu), sources.get(figure.source)
        peak = row.value(figure.metric) if row else None
        if row is None or source is None or not isinstance(peak, (int, float)):
            continue
        found.append(CitedRow(row, figure, source, float(peak)))
    return tuple(sorted(found, key=lambda c: (order[c.row.gpu.id], _ORDER.get(c.figure.metric, 99))))


def cited_gpus(rows: tuple[CitedRow, ...]) -> list[str]:
    """The ids of the GPUs with at least one cited figure, in table order."""
    return list(dict.fromkeys(c.row.gpu.id for c in rows))
