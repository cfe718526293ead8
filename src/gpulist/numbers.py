"""Spec numbers in prose, written as references to data/gpus.yml and the measurement records.

A definition, a check answer or a note that types "4.8 TB/s" beside "H200" drifts the day the
row is corrected; one that writes `{{gpu.h200.memory_bandwidth_gbs}}` is shown as "4,800 GB/s"
from the row itself, so correcting the row corrects every page in one build. Double braces
are left alone by Markdown and by YAML inside a sentence, and hold no space, so wrapping a
folded scalar never splits one. The grammar:

    {{gpu.<gpu id>.<field>}}           a figure of the GPU's row: memory_bandwidth_gbs, dense.bf16,
                                       sparse.fp8, l2_mb, compute_units, compute_capability...
    {{measured.<gpu id>.<metric>}}     the GPU's measured ceiling (memory_bandwidth_gbs, dense.fp32...),
                                       the highest of its lab records, as the GPU page shows it
    {{...:<unit>}}                     the same figure in another unit of its quantity: TB/s, PFLOPS, GiB
    {{...:number}}                     the number alone, for prose that names the unit itself ("989 dense
                                       BF16 TFLOPS", "304 compute units")
    {{quoted:<number> <unit>}}         a number the prose quotes from its source that is not a spec
                                       (a kernel's attained TFLOPS, a power budget): shown as written,
                                       and marked so gpulist.checks.prose_numbers does not compare it

Used by the checks (gpulist.checks.number_refs refuses an unknown GPU, field or unit where it is
written) and by the view (gpulist.view.numbers writes each one out), so both read one grammar.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from gpulist.models import NUMBER_FIELDS, Gpu, GpuFile, Measurement
from gpulist.models.gpu import DENSE_TYPES, SPARSE_TYPES, TEXT_FIGURES

# Anything in double braces is meant as a reference: a malformed one is reported, never shown as is.
BRACES = re.compile(r"\{\{(.*?)\}\}")
REFERENCE = re.compile(r"^(gpu|measured)\.([a-z0-9][a-z0-9-]*)\.([a-z0-9_]+(?:\.[a-z0-9]+)?)(?::([A-Za-z/]+))?$")
QUOTED = "quoted:"
NUMBER_ONLY = "number"
QUOTED_VALUE = re.compile(r"^\s*[0-9][0-9,]*(?:\.[0-9]+)?\s+[A-Za-z/%]+(?:\s+[A-Za-z/]+)?\s*$")
# Each quantity's units as factors of its base unit, for `:<unit>`.
CONVERT: dict[str, dict[str, float]] = {
    "bandwidth": {"MB/s": 1e6, "GB/s": 1e9, "TB/s": 1e12},
    "bytes": {"KB": 1e3, "KiB": 2.0 ** 10, "MB": 1e6, "MiB": 2.0 ** 20, "GB": 1e9, "GiB": 2.0 ** 30, "TB": 1e12},
    "rate": {"GFLOPS": 1e9, "TFLOPS": 1e12, "PFLOPS": 1e15},
    "ops": {"TOPS": 1e12, "POPS": 1e15},
    "power": {"W": 1.0, "kW": 1e3},
    "clock": {"MHz": 1e6, "GHz": 1e9},
}
# The unit each field is written in (its name says it); compute units are SMs or CUs by vendor.
_FIELD_UNITS: dict[str, str] = {
    "boost_clock_mhz": "MHz", "memory_gb": "GB", "memory_bandwidth_gbs": "GB/s", "l2_mb": "MB",
    "shared_memory_kb": "KB", "register_file_kb": "KB", "interconnect_gbs": "GB/s", "tdp_w": "W", "year": "",
    **{f"dense.{t}": "TFLOPS" for t in DENSE_TYPES}, **{f"sparse.{t}": "TFLOPS" for t in SPARSE_TYPES},
    "dense.int8": "TOPS", "sparse.int8": "TOPS",
}
GPU_FIELDS: tuple[str, ...] = (*NUMBER_FIELDS, *TEXT_FIGURES, *(f"dense.{t}" for t in DENSE_TYPES),
                               *(f"sparse.{t}" for t in SPARSE_TYPES))
MEASURED_METRICS: tuple[str, ...] = ("memory_bandwidth_gbs", *(f"dense.{t}" for t in DENSE_TYPES))


def unit_of(key: str, vendor: str) -> str:
    """The unit a figure is shown in: the field's own, "SMs" or "CUs" for compute units."""
    if key == "compute_units":
        return "CUs" if vendor == "AMD" else "SMs"
    return _FIELD_UNITS.get(key, "")


def quantity(unit: str) -> str | None:
    return next((q for q, units in CONVERT.items() if unit in units), None)


def shown_number(value: float, digits: int = 6) -> str:
    """4800 -> "4,800", 494.5 -> "494.5", 1.555 -> "1.555": as many digits as the value has, up to `digits`."""
    if value == int(value) and abs(value) < 10 ** digits:
        return f"{int(value):,}"
    return f"{value:,.{digits}g}"


@dataclass(frozen=True, slots=True)
class Figures:
    """Every figure a reference may name: each GPU's row flattened, and its measured ceilings."""

    vendors: dict[str, str]  # gpu id -> vendor
    gpu: dict[str, dict[str, float | int | str]]  # gpu id -> field -> value (first group that gives it)
    measured: dict[str, dict[str, float]]  # gpu id -> metric -> the highest ceiling of its records

    def value(self, kind: str, gpu_id: str, key: str) -> float | int | str | None:
        return (self.gpu if kind == "gpu" else self.measured).get(gpu_id, {}).get(key)


def row_figures(gpu: Gpu) -> dict[str, float | int | str]:
    """A GPU's figures by field, across its groups; the first group that gives one wins, as on the page."""
    found: dict[str, float | int | str] = {}
    for group in gpu.figures:
        texts = {f: getattr(group, f) for f in TEXT_FIGURES if getattr(group, f) is not None}
        for key, value in {**group.numbers(), **texts}.items():
            found.setdefault(key, value)
    return found


def collect(gpus: GpuFile | None, records: Iterable[Measurement]) -> Figures:
    rows = gpus.gpus if gpus is not None else []
    measured: dict[str, dict[str, float]] = {}
    for record in records:
        mine = measured.setdefault(record.gpu, {})
        for ceiling in record.ceilings:
            mine[ceiling.metric] = max(ceiling.value, mine.get(ceiling.metric, 0.0))
    return Figures({g.id: g.vendor for g in rows}, {g.id: row_figures(g) for g in rows}, measured)


def problem(inner: str, figures: Figures) -> str | None:
    """Why the reference `{{inner}}` cannot be written out, or None when it can."""
    if inner.startswith(QUOTED):
        if QUOTED_VALUE.match(inner[len(QUOTED):]):
            return None
        return f"'{{{{{inner}}}}}': a quoted figure is a number and its unit, as the source gives it: {{{{quoted:55 TFLOPS}}}}"
    match = REFERENCE.match(inner.strip())
    if match is None:
        return (f"'{{{{{inner}}}}}' is not a reference: write {{{{gpu.<gpu id>.<field>}}}} or "
                "{{measured.<gpu id>.<metric>}}, optionally ending in :<unit>")
    kind, gpu_id, key, unit = match.groups()
    if gpu_id not in figures.gpu:
        close = difflib.get_close_matches(gpu_id, list(figures.gpu), n=1, cutoff=0.6)
        hint = f": did you mean '{close[0]}'?" if close else ": not an id of data/gpus.yml"
        return f"unknown GPU '{gpu_id}' in '{{{{{inner}}}}}'{hint}"
    known = GPU_FIELDS if kind == "gpu" else MEASURED_METRICS
    if key not in known:
        return f"unknown {'field' if kind == 'gpu' else 'measured metric'} '{key}' in '{{{{{inner}}}}}' (one of {', '.join(known)})"
    if figures.value(kind, gpu_id, key) is None:
        lacks = "row in data/gpus.yml gives no" if kind == "gpu" else "lab records measure no"
        return f"the {gpu_id} {lacks} {key}: '{{{{{inner}}}}}' has nothing to show"
    return _unit_problem(inner, unit_of(key, figures.vendors[gpu_id]), unit)


def _unit_problem(inner: str, own: str, unit: str | None) -> str | None:
    if unit is None or unit == own or unit == NUMBER_ONLY:
        return None
    units = CONVERT.get(quantity(own) or "", {})
    if unit not in units:
        choices = ", ".join(units) if units else f"none: the figure is shown as it is written ({own or 'no unit'})"
        return f"'{unit}' in '{{{{{inner}}}}}' is not a unit this figure converts to (units: {choices})"
    return None


def written_out(inner: str, figures: Figures) -> str | None:
    """The text a valid reference stands for ("4,800 GB/s", "4.8 TB/s", "9.0"), or None."""
    if problem(inner, figures) is not None:
        return None
    if inner.startswith(QUOTED):
        return " ".join(inner[len(QUOTED):].split())
    kind, gpu_id, key, unit = REFERENCE.match(inner.strip()).groups()  # type: ignore[union-attr]
    value = figures.value(kind, gpu_id, key)
    own = unit_of(key, figures.vendors[gpu_id])
    if isinstance(value, str):
        return value
    assert value is not None  # problem() returned None
    if unit == NUMBER_ONLY:
        return shown_number(value)
    if unit is not None and unit != own:
        units = CONVERT[quantity(own)]  # type: ignore[index]
        return f"{shown_number(value * units[own] / units[unit], 4)} {unit}"
    return f"{shown_number(value)} {own}".strip()


def resolve(text: str, figures: Figures) -> str:
    """`text` with every valid reference written out; an invalid one stays (validate refuses it)."""
    if "{{" not in text:
        return text
    return BRACES.sub(lambda m: written_out(m.group(1), figures) or m.group(0), text)
