"""The GPU numbers as the site shows them: one row per GPU, each cell knowing its source.

data/gpus.yml groups numbers by the table they come from; a reader wants one row per GPU
and one column per quantity. This flattens the groups into cells, each keeping the source
and the `where` of its group, so the page can say, number by number, where it comes from,
and the calculators can ask a GPU for its memory, bandwidth and dense peak per data type.
Built once per build from the catalog, like the rest of the view; None without a GPU file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gpulist.load import Catalog
from gpulist.models import DENSE_TYPES, SPARSE_TYPES, Gpu, GpuFile, GpuSource, ModelShape
from gpulist.models.gpu import Calculators

GPU_PAGE = "gpus.md"
# Data types a calculator offers, in order: the dense peaks a tensor kernel can run at.
CALC_TYPES: tuple[str, ...] = ("fp64", "fp64_matrix", "fp32", "tf32", "fp16", "bf16", "fp8", "fp6", "fp4", "int8")
TYPE_LABELS = {"fp64": "FP64", "fp64_matrix": "FP64 (tensor/matrix)", "fp32": "FP32", "tf32": "TF32", "fp16": "FP16",
               "bf16": "BF16", "fp8": "FP8", "fp6": "FP6", "fp4": "FP4", "int8": "INT8"}


@dataclass(frozen=True, slots=True)
class Column:
    key: str  # the field, or `dense.bf16` / `sparse.fp8` for a peak
    label: str
    unit: str
    core: bool = False  # shown on a narrow screen before the reader chooses columns


def _columns() -> tuple[Column, ...]:
    head = [Column("target", "CC / gfx", ""), Column("year", "Year", ""),
            Column("compute_units", "SMs / CUs", "", True), Column("boost_clock_mhz", "Boost clock", "MHz"),
            Column("memory_gb", "Memory", "GB", True), Column("memory_bandwidth_gbs", "Bandwidth", "GB/s", True),
            Column("l2_mb", "L2", "MB"), Column("shared_memory_kb", "Shared mem / LDS", "KB per SM/CU"),
            Column("register_file_kb", "Registers", "KB per SM/CU")]
    dense = [Column(f"dense.{t}", TYPE_LABELS[t], "TFLOPS" if t != "int8" else "TOPS", t == "bf16")
             for t in DENSE_TYPES]
    sparse = [Column(f"sparse.{t}", f"{TYPE_LABELS[t]} sparse", "TFLOPS" if t != "int8" else "TOPS")
              for t in SPARSE_TYPES]
    tail = [Column("interconnect", "Interconnect", ""), Column("interconnect_gbs", "Interconnect", "GB/s"),
            Column("tdp_w", "Power", "W")]
    return (*head, *dense, *sparse, *tail)


COLUMNS: tuple[Column, ...] = _columns()


@dataclass(frozen=True, slots=True)
class Cell:
    value: float | int | str
    source: GpuSource
    where: str


@dataclass(frozen=True, slots=True)
class Unsupported:
    """A peak a source says the GPU's tensor cores cannot run: shown apart from one not published."""

    source: GpuSource
    where: str


@dataclass(frozen=True, slots=True)
class Reported:
    """A count the GPU itself gave a labs run (CUDA's device properties), where no vendor source
    gives it: the SMs and the L2 in MiB, as the driver reports them, kept apart from vendor figures."""

    value: float | int
    unit: str  # "" for a count, "MiB" for the L2
    lab: str
    date: str


# The labs' conditions that fill a vendor column the sources leave empty: column -> (field, unit).
REPORTED = {"compute_units": ("sm_count", ""), "l2_mb": ("l2_mb", "MiB")}


@dataclass(frozen=True, slots=True)
class GpuRow:
    gpu: Gpu
    cells: dict[str, Cell]
    unsupported: dict[str, Unsupported] = field(default_factory=dict)  # `dense.fp4` -> its source
    reported: dict[str, Reported] = field(default_factory=dict)  # `l2_mb` -> what the device said

    @property
    def anchor(self) -> str:
        return f"gpu-{self.gpu.id}"

    def value(self, key: str) -> float | int | str | None:
        cell = self.cells.get(key)
        return cell.value if cell else None

    def peak(self, dtype: str) -> float | None:
        """The dense peak for `dtype`, in TFLOPS (TOPS for int8)."""
        value = self.value(f"dense.{dtype}")
        return float(value) if isinstance(value, (int, float)) else None

    def dtypes(self) -> list[str]:
        return [t for t in CALC_TYPES if self.peak(t) is not None]


@dataclass(frozen=True, slots=True)
class GpuTable:
    rows: tuple[GpuRow, ...]
    sources: dict[str, GpuSource]
    models: dict[str, ModelShape]
    calculators: Calculators | None

    def row(self, gpu_id: str) -> GpuRow | None:
        return next((r for r in self.rows if r.gpu.id == gpu_id), None)

    def of_concept(self, concept_id: str) -> list[GpuRow]:
        return [r for r in self.rows if r.gpu.concept == concept_id]

    def columns(self) -> list[Column]:
        """The columns at least one GPU has a number for."""
        return [c for c in COLUMNS if any(c.key in r.cells or c.key in r.reported for r in self.rows)]


def _cells(gpu: Gpu, sources: dict[str, GpuSource]) -> dict[str, Cell]:
    cells: dict[str, Cell] = {}
    for group in gpu.figures:
        source = sources.get(group.source)
        if source is None:  # an unknown source is reported by gpu-ref; nothing unsourced is shown
            continue
        found: dict[str, float | int | str] = dict(group.numbers())
        target = group.compute_capability or group.gfx_target
        found.update({k: v for k, v in (("target", target), ("interconnect", group.interconnect)) if v})
        for key, value in found.items():
            cells.setdefault(key, Cell(value, source, group.where))
    return cells


def _unsupported(gpu: Gpu, sources: dict[str, GpuSource], cells: dict[str, Cell]) -> dict[str, Unsupported]:
    """The peak columns a source says this GPU cannot run; a number another source gives wins."""
    found: dict[str, Unsupported] = {}
    for group in gpu.figures:
        source = sources.get(group.source)
        if source is None or not group.not_supported:
            continue
        for dtype in group.not_supported:
            for key in (f"dense.{dtype}", f"sparse.{dtype}"):
                if key not in cells and (key.startswith("dense.") or dtype in SPARSE_TYPES):
                    found.setdefault(key, Unsupported(source, group.where))
    return found


def _reported(catalog: Catalog, gpu_id: str, cells: dict[str, Cell]) -> dict[str, Reported]:
    """The device's own counts from the first of its lab records (in lab order), for the columns
    no vendor source fills: a measured GPU's row then says how many SMs and how much L2 it has."""
    record = next((r.measurement for r in sorted(catalog.records, key=lambda r: r.measurement.lab)
                   if r.measurement.gpu == gpu_id), None)
    if record is None:
        return {}
    found = {}
    for column, (name, unit) in REPORTED.items():
        value = getattr(record.conditions, name, None)
        if column not in cells and isinstance(value, (int, float)):
            found[column] = Reported(value, unit, record.lab, record.conditions.date)
    return found


def build_gpus(catalog: Catalog) -> GpuTable | None:
    data: GpuFile | None = catalog.gpus
    if data is None:
        return None
    sources = {s.id: s for s in data.sources}
    rows = []
    for gpu in data.gpus:
        cells = _cells(gpu, sources)
        rows.append(GpuRow(gpu, cells, _unsupported(gpu, sources, cells), _reported(catalog, gpu.id, cells)))
    return GpuTable(tuple(rows), sources, {m.id: m for m in data.models}, data.calculators)
