"""No cited figure above the GPU's vendor peak for the same column, beyond rounding.

The vendor's number is an upper bound for anyone's measurement, ours or another's: a cited
figure over it by more than the tolerance our own records get means the figure was copied
into the wrong GPU or column (an FP8 rate under BF16, a two-die board under one die), and it
is refused where the value is written, with the peak it exceeds.
"""

from __future__ import annotations

from gpulist.checks._cited import at_cited, items, text
from gpulist.checks.measurement_peak import TOLERANCE, vendor_figures
from gpulist.load import Catalog
from gpulist.models import METRIC_UNITS
from gpulist.problems import Problem

RULE = "cited-peak"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, item in items(catalog, "figures"):
        gpu, metric, value = text(item, "gpu"), text(item, "metric"), item.get("value")
        peak = vendor_figures(catalog, gpu).get(metric) if gpu and metric else None
        if peak is None or isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if value > peak * (1 + TOLERANCE):
            unit = METRIC_UNITS.get(metric, "")
            message = (f"{metric} {value:g} {unit} is {value / peak:.0%} of the vendor's peak for {gpu} "
                       f"({peak:g} {unit}, data/gpus.yml): check the GPU and the column it was copied into")
            problems.append(at_cited(catalog, ("figures", i, "value"), message, RULE))
    return problems
