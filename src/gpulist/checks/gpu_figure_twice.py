"""A GPU gives each number once: two figures groups may not both carry, say, its bandwidth.

Each number names one source; the same figure in two groups would leave the page to pick
one of two sources (or two values) silently. The second one is reported, naming the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._gpus import at_gpus, figure_groups, items
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.models import NUMBER_FIELDS
from gpulist.problems import Problem

RULE = "gpu-figure-twice"
_SINGLE = (*NUMBER_FIELDS, "compute_capability", "gfx_target", "interconnect")


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, gpu in items(catalog, "gpus"):
        first: dict[str, int] = {}
        for j, group in figure_groups(gpu):
            for name, loc in _figures(group):
                if name in first:
                    message = f"{name.replace('.', ' ')} is already given by figures[{first[name]}]: give each number once"
                    problems.append(at_gpus(catalog, ("gpus", i, "figures", j, *loc), message, RULE))
                first.setdefault(name, j)
    return problems


def _figures(group: dict[str, Any]) -> Iterator[tuple[str, Loc]]:
    """(name, location within the group) of each figure written in it."""
    for field in _SINGLE:
        if group.get(field) is not None:
            yield field, (field,)
    for kind in ("dense", "sparse"):
        peaks = group.get(kind)
        for dtype, value in (peaks.items() if isinstance(peaks, dict) else ()):
            if value is not None:
                yield f"{kind}.{dtype}", (kind, dtype)
