"""Dense and sparse peaks are not mixed: where a GPU has both for one data type, the sparse
rate is twice the dense one.

Vendors print 2:4 structured-sparsity rates beside (or instead of) dense ones, often with
only an asterisk to tell them apart; a sparse figure typed under `dense` doubles every
roofline drawn from it. Structured sparsity doubles the math rate exactly, so a pair whose
ratio is not about 2 has one number of the wrong kind (or a typo), and is reported at the
sparse figure.
"""

from __future__ import annotations

from typing import Any

from gpulist.checks._gpus import at_gpus, figure_groups, items
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "gpu-sparse"
RATIO = 2.0
TOLERANCE = 0.03  # vendors round each figure separately: 733 / 362.05 is 2.025


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, gpu in items(catalog, "gpus"):
        dense = _peaks(gpu, "dense")
        for dtype, (value, j) in _peaks(gpu, "sparse").items():
            if dtype not in dense:
                continue
            ratio = value / dense[dtype][0]
            if abs(ratio / RATIO - 1) > TOLERANCE:
                message = (f"sparse {dtype} ({value:g}) is {ratio:.2f} times the dense {dtype} ({dense[dtype][0]:g}), "
                           f"not {RATIO:g}: one of them is the other kind, or mistyped")
                problems.append(at_gpus(catalog, ("gpus", i, "figures", j, "sparse", dtype), message, RULE))
    return problems


def _peaks(gpu: dict[str, Any], kind: str) -> dict[str, tuple[float, int]]:
    """dtype -> (value, group index) of every usable number under `kind` (first one wins)."""
    found: dict[str, tuple[float, int]] = {}
    for j, group in figure_groups(gpu):
        peaks = group.get(kind)
        for dtype, value in (peaks.items() if isinstance(peaks, dict) else ()):
            usable = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
            if usable and dtype not in found:
                found[dtype] = (float(value), j)
    return found
