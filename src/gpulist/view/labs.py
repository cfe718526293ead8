"""The labs as the site shows them: each lab with its records, and each record's ceilings.

A lab's result appears on every concept page the lab lists (a Measured section), on the Labs
page, and, for the ceiling labs, beside the vendor's peaks on the GPU numbers page and in the
roofline calculator. Each record has one home, the first of its lab's concepts that has a page,
where its chart is anchored (`#measured-<lab>-<gpu>`): the other pages link to it there.
A version 2 record also brings the traces found beside it (published for download under
labs/traces/<gpu>/) and the counters' catalogue its counters are shown with. Built once per
build from the catalog, like the rest of the view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.load import Catalog, Record
from gpulist.load.catalog import TraceFile
from gpulist.models import CounterInfo, Lab, Measurement, MeasurementV2
from gpulist.view.concepts import concept_page

LABS_PAGE = "labs/index.md"
TRACES = "labs/traces"  # where each record's traces are published: labs/traces/<gpu>/<file>
AnyRecord = Measurement | MeasurementV2  # version 1 or 2 (labs/RECORDS.md)


def record_anchor(lab_id: str, gpu_id: str) -> str:
    """The id of a record's block in its lab's Measured section."""
    return f"measured-{lab_id}-{gpu_id}"


@dataclass(frozen=True, slots=True)
class LabView:
    lab: Lab
    records: tuple[AnyRecord, ...]  # one per GPU, in the order of data/gpus.yml
    home: str | None  # the page of the first of its concepts that exists
    traces: dict[str, dict[str, TraceFile]] = field(default_factory=dict)  # by GPU id, then file name
    counters: dict[str, CounterInfo] = field(default_factory=dict)  # data/counters.yml by metric

    def record_link(self, gpu_id: str) -> str:
        """Where a record is shown, as a docs-relative target: its home's Measured section, or the Labs page."""
        if self.home is None:
            return f"{LABS_PAGE}#{self.lab.id}"
        return f"{self.home}#{record_anchor(self.lab.id, gpu_id)}"


@dataclass(frozen=True, slots=True)
class Ceiling:
    """A measured ceiling beside the vendor figure it is measured against."""

    metric: str  # memory_bandwidth_gbs or dense.<precision>
    value: float
    unit: str
    how: str
    lab: LabView
    record: AnyRecord


def build_labs(catalog: Catalog, concept_ids: set[str]) -> tuple[LabView, ...]:
    """Every lab of data/labs.yml with its valid records; a record of an unknown lab is shown nowhere
    (measurement-ref reports it)."""
    gpu_order = {g.id: i for i, g in enumerate(catalog.gpus.gpus)} if catalog.gpus else {}
    by_lab: dict[str, list[Record]] = {}
    for record in catalog.records:
        by_lab.setdefault(record.measurement.lab, []).append(record)
    views = []
    counters = catalog.counters.by_metric() if catalog.counters else {}
    for lab in catalog.labs:
        mine = sorted(by_lab.get(lab.id, []), key=lambda r: (gpu_order.get(r.measurement.gpu, len(gpu_order)),
                                                              r.measurement.gpu))
        home = next((concept_page(c) for c in lab.concepts if c in concept_ids), None)
        traces = {r.measurement.gpu: r.traces for r in mine if r.traces}
        views.append(LabView(lab, tuple(r.measurement for r in mine), home, traces, counters))
    return tuple(views)


def trace_path(gpu_id: str, file: str) -> str:
    """Where a record's trace is published, for download (Perfetto opens it as it is)."""
    return f"{TRACES}/{gpu_id}/{file}"


def trace_downloads(labs: tuple[LabView, ...]) -> dict[str, bytes]:
    """Every record's valid traces by their published path (the trace rule has refused the others)."""
    return {trace_path(gpu, name): t.data for lv in labs for gpu, found in lv.traces.items()
            for name, t in found.items() if t.data is not None}


def measured_ceiling(labs: tuple[LabView, ...], gpu_id: str, value: float, unit: str) -> Ceiling | None:
    """The GPU's measured ceiling a bound is, if it is one (same unit, equal to rounding): only
    against one is a share "of the measured ceiling"; a vendor's peak or a line rate is a bound."""
    for c in ceilings_of(labs, gpu_id).values():
        if c.unit == unit and abs(c.value - value) <= 0.005 * c.value:
            return c
    return None


def labs_of_concept(labs: tuple[LabView, ...], concept_id: str) -> list[LabView]:
    """The labs that show this concept and have at least one record."""
    return [lv for lv in labs if concept_id in lv.lab.concepts and lv.records]


def ceilings_of(labs: tuple[LabView, ...], gpu_id: str) -> dict[str, Ceiling]:
    """The GPU's measured ceilings by metric; where two labs measure one, the higher stands."""
    found: dict[str, Ceiling] = {}
    for lv in labs:
        for record in lv.records:
            if record.gpu != gpu_id:
                continue
            for c in record.ceilings:
                if c.metric not in found or c.value > found[c.metric].value:
                    found[c.metric] = Ceiling(c.metric, c.value, c.unit, c.how, lv, record)
    return found


def framework_memory_gib(labs: tuple[LabView, ...], gpu_id: str) -> float | None:
    """The memory PyTorch reported on this GPU in the labs' runs (torch.cuda.get_device_properties
    total_memory, in GiB: labs/harness/timing.py), the least where runs differ; None where none ran.

    The vendor's "141 GB" is neither 141 GiB nor 141 × 10^9 bytes of what a program can allocate:
    the H200's runs saw 139.8 GiB. The KV cache calculator fits weights and caches into this."""
    seen = [record.conditions.memory_gib for lv in labs for record in lv.records if record.gpu == gpu_id]
    return min(seen) if seen else None
