"""Statistics of timing samples, and the rule that decides when a point has enough of them.

A point is sampled until its relative spread (interquartile range over median) is small, after
a minimum count and time, and never past a time or count limit: a quiet kernel stops early, a
noisy one is sampled longer, and the record keeps the spread it reached so a reader can tell an
effect from noise. Pure: tested without a GPU.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class StoppingRule:
    """When to stop sampling one point: every field is in the record's `method.sampling`."""

    min_samples: int = 10
    max_samples: int = 200
    min_ms: float = 25.0     # of timed work, summed over samples
    max_ms: float = 1500.0   # a noisy point stops here, with the spread it reached
    target_spread: float = 0.02

    def done(self, samples: Sequence[float]) -> bool:
        """Enough samples: the minimum met and the spread small, or a limit reached."""
        n, total = len(samples), sum(samples)
        if n >= self.max_samples or (n >= self.min_samples and total >= self.max_ms):
            return True
        return n >= self.min_samples and total >= self.min_ms and relative_spread(samples) <= self.target_spread

    def next_batch(self, samples: Sequence[float]) -> int:
        """How many samples to take before looking again: about a tenth of the time still allowed,
        at least one, never past max_samples. Sampling in batches keeps the host's checks off the
        GPU's timeline."""
        n = len(samples)
        if n == 0:
            return self.min_samples
        mean = sum(samples) / n
        room = max(self.min_ms - sum(samples), (self.max_ms - sum(samples)) / 10)
        want = int(room / mean) if mean > 0 else self.min_samples
        return max(1, min(self.max_samples - n, max(want, 1), 50))

    def as_dict(self) -> dict[str, float]:
        return {"min_samples": self.min_samples, "max_samples": self.max_samples, "min_ms": self.min_ms,
                "max_ms": self.max_ms, "target_spread": self.target_spread}


QUICK = StoppingRule(min_samples=3, max_samples=20, min_ms=2.0, max_ms=100.0, target_spread=0.2)


def median(values: Sequence[float]) -> float:
    """The median, not the mean: one run delayed by the host or a clock change must not move it."""
    if not values:
        raise ValueError("no timings to summarise")
    return float(statistics.median(values))


def quartiles(values: Sequence[float]) -> tuple[float, float]:
    """First and third quartiles (inclusive method: a single value is its own quartiles)."""
    if not values:
        raise ValueError("no timings to summarise")
    if len(values) == 1:
        return float(values[0]), float(values[0])
    q = statistics.quantiles(values, n=4, method="inclusive")
    return float(q[0]), float(q[2])


def relative_spread(values: Sequence[float]) -> float:
    """Interquartile range over the median: 0.02 means the middle half lies within 2%."""
    q1, q3 = quartiles(values)
    mid = median(values)
    return (q3 - q1) / mid if mid else float("inf")


def run_spread(values: Sequence[float]) -> float:
    """Range of the runs' medians over their median: how far separate runs disagree."""
    if len(values) < 2:
        return 0.0
    mid = median(values)
    return (max(values) - min(values)) / mid if mid else float("inf")


@dataclass(frozen=True)
class Sample:
    """One point's timings summarised: median and quartiles in ms, the count, and the telemetry."""

    ms: float
    q1_ms: float
    q3_ms: float
    n: int
    telemetry: dict | None = None

    @classmethod
    def of(cls, times_ms: Sequence[float], telemetry: dict | None = None) -> "Sample":
        q1, q3 = quartiles(times_ms)
        return cls(median(times_ms), q1, q3, len(times_ms), telemetry)

    @property
    def spread(self) -> float:
        return (self.q3_ms - self.q1_ms) / self.ms if self.ms else float("inf")

    def rate(self, amount: float) -> tuple[float, float, float]:
        """`amount` per second at the median and at the quartiles (a shorter time is a higher rate,
        so the third quartile of the time gives the first of the rate)."""
        return amount / (self.ms * 1e-3), amount / (self.q3_ms * 1e-3), amount / (self.q1_ms * 1e-3)

    def scaled(self, factor: float) -> tuple[float, float, float]:
        """The median and quartiles in another unit of time (e.g. per kernel, or microseconds)."""
        return self.ms * factor, self.q1_ms * factor, self.q3_ms * factor
