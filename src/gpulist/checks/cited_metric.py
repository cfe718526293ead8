"""A cited figure is measured against a measurable column of the GPU table, in that column's unit.

The page sets a cited figure beside the vendor's number of the same column, so the metric must
be a column key of the GPU table that a measurement can reach (`dense.bf16`, `dense.fp8`,
`memory_bandwidth_gbs`: the ones our own records use), and its unit the column's. A name
that is close to one (`bf16`, `dense.BF16`) gets the key that was meant.
"""

from __future__ import annotations

from gpulist.checks._cited import at_cited, items, text
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.models import METRIC_UNITS
from gpulist.problems import Problem

RULE = "cited-metric"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, item in items(catalog, "figures"):
        metric = text(item, "metric")
        if metric is None:
            continue
        if metric not in METRIC_UNITS:
            hint = suggest(metric, METRIC_UNITS) or suggest(f"dense.{metric.lower()}", METRIC_UNITS)
            message = (f"'{metric}' is not a measurable column of the GPU table{hint or ''} "
                       f"(one of {', '.join(METRIC_UNITS)})")
            problems.append(at_cited(catalog, ("figures", i, "metric"), message, RULE))
        elif isinstance(item.get("unit"), str) and item["unit"] != METRIC_UNITS[metric]:
            message = f"{metric} is measured in {METRIC_UNITS[metric]}, not {item['unit']}"
            problems.append(at_cited(catalog, ("figures", i, "unit"), message, RULE))
    return problems
