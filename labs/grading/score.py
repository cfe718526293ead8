"""The score arithmetic: how close a solution comes to the roof of the resource it is bound by.

A problem names the resource that bounds it, `memory` (its bytes over the memory bandwidth) or
`compute` (its FLOPs over the dense rate of its dtype). At each shape the achieved rate is that
amount over the median time, and the shape's score is the achieved rate over the measured ceiling
(1.0: the solution runs at the roof). The problem's score is the geometric mean over its shapes:
one shape far below the roof pulls it down more than an arithmetic mean would let it, so a
solution tuned for one shape and slow on the others cannot hide it. Beside it, the model's time: the roofline's max(bytes / bandwidth,
FLOPs / rate) with the same measured ceilings. Pure: tested without a GPU.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# The largest relative error ||out - ref|| / ||ref|| (in float64) each dtype is allowed: a few units
# of its rounding, so a reordered sum passes and a wrong index does not. Integers must be exact.
TOLERANCE = {"fp32": 1e-5, "fp16": 2e-3, "bf16": 1.6e-2, "int32": 0.0}
UNITS = {"memory": ("GB/s", 1e9), "compute": ("TFLOPS", 1e12)}


def tolerance(dtype: str, check: str = "close", rtol: float | None = None) -> float:
    """The allowed relative error: none for a problem that only moves data or counts, the
    problem's own `rtol` where its sums may run in any order (a sum of 2**27 floats), else the dtype's."""
    if check == "exact":
        return 0.0
    return float(rtol) if rtol is not None else TOLERANCE[dtype]


def rate(amount: float, ms: float, resource: str) -> float:
    """`amount` (bytes or FLOPs) in `ms` milliseconds, in the resource's unit (GB/s, TFLOPS)."""
    if ms <= 0:
        raise ValueError(f"a time must be positive, got {ms} ms")
    return amount / (ms * 1e-3) / UNITS[resource][1]


def share(achieved: float, ceiling: float) -> float:
    """Achieved over the ceiling: 1.0 is at the measured roof (and above it is possible, by noise
    or a ceiling measured low)."""
    if ceiling <= 0:
        raise ValueError(f"a ceiling must be positive, got {ceiling}")
    return achieved / ceiling


def geometric_mean(values: Sequence[float]) -> float:
    """The geometric mean of positive scores; any zero makes it zero."""
    if not values:
        raise ValueError("no scores to combine")
    if any(v < 0 for v in values):
        raise ValueError("scores are never negative")
    if any(v == 0 for v in values):
        return 0.0
    return math.exp(sum(math.log(v) for v in values) / len(values))


def predicted_ms(nbytes: float, flops: float, bandwidth_gbs: float | None, tflops: float | None) -> float | None:
    """The roofline's time in ms: the slower of moving the bytes and doing the FLOPs, each at its
    measured ceiling; a term whose ceiling is unknown is left out (None if both are)."""
    terms = []
    if bandwidth_gbs:
        terms.append(nbytes / (bandwidth_gbs * 1e9))
    if tflops and flops:
        terms.append(flops / (tflops * 1e12))
    return max(terms) * 1e3 if terms else None


@dataclass(frozen=True)
class ShapeScore:
    """One shape graded: its time, the rate it reached, the share of the roof, the model's time."""

    shape: dict[str, int]
    ms: float
    spread: float
    achieved: float
    score: float
    predicted_ms: float | None


def shape_score(shape: dict[str, int], ms: float, spread: float, amount: float, resource: str, ceiling: float,
                predicted: float | None) -> ShapeScore:
    achieved = rate(amount, ms, resource)
    return ShapeScore(shape, ms, spread, achieved, share(achieved, ceiling), predicted)


def overall(scores: Sequence[ShapeScore]) -> float:
    return geometric_mean([s.score for s in scores])
