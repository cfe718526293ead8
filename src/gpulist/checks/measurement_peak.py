"""No measured ceiling above the vendor's peak for the same figure, beyond rounding.

A copy faster than the memory's rated bandwidth, or a matmul above the datasheet's peak,
means the method is wrong (bytes counted twice, a cached result timed, the wrong clock):
the vendor's number is an upper bound, so a record over it by more than TOLERANCE is
refused where the value is written, with the peak it exceeds.
"""

from __future__ import annotations

from gpulist.checks._labs import records, text
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.models import METRIC_UNITS
from gpulist.problems import Problem

RULE = "measurement-peak"
TOLERANCE = 0.03


def vendor_figures(catalog: Catalog, gpu_id: str) -> dict[str, float]:
    """The GPU's numbers by gpus.yml field (`memory_bandwidth_gbs`, `dense.bf16`), first group first."""
    gpu = next((g for g in catalog.gpus.gpus if g.id == gpu_id), None) if catalog.gpus else None
    found: dict[str, float] = {}
    for group in gpu.figures if gpu else []:
        for key, value in group.numbers().items():
            found.setdefault(key, value)
    return found


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in records(catalog):
        peaks = vendor_figures(catalog, text(data, "gpu") or "")
        ceilings = data.get("ceilings")
        for i, ceiling in enumerate(ceilings if isinstance(ceilings, list) else []):
            if not isinstance(ceiling, dict):
                continue
            metric, value = ceiling.get("metric"), ceiling.get("value")
            peak = peaks.get(metric) if isinstance(metric, str) else None
            if peak is None or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if value > peak * (1 + TOLERANCE):
                unit = METRIC_UNITS.get(str(metric), "")
                message = (f"{metric} {value:g} {unit} is {value / peak:.0%} of the vendor's peak ({peak:g} {unit}, "
                           f"data/gpus.yml): more than {TOLERANCE:.0%} over it means the method is wrong, not the GPU")
                problems.append(at_doc(doc, ("ceilings", i, "value"), message, RULE))
    return problems
