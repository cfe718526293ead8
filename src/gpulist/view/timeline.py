"""A record's profiler trace as the timeline the site draws: the host's launches above, the GPU's
work below, and the gaps between successive pieces of GPU work.

Where the effect lives between kernels (launch overhead, host copies, decode), the picture
that explains it is the idle GPU between two short kernels while the host prepares the next
launch. The trace is the gzipped Chrome trace JSON torch.profiler wrote (labs/harness/
traces.py); this reads the same events the harness counts (complete events of the kernel,
copy and memset categories on the GPU, the runtime's calls on the host), keeps the first
MAX_EVENTS of the GPU's so a page stays light, and places everything in microseconds from the
first event shown. Pure: bytes in, numbers out, decoded as the trace rule decodes them
(gpulist.checks.measurement_traces), which has refused a bad file before a build gets here.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from gpulist.checks.measurement_traces import decode

GPU_CATEGORIES = ("kernel", "gpu_memcpy", "gpu_memset")  # labs/harness/traces.py's GPU_CATEGORIES
HOST_CATEGORY = "cuda_runtime"
MAX_EVENTS = 40


@dataclass(frozen=True, slots=True)
class Span:
    name: str
    kind: str  # kernel | gpu_memcpy | gpu_memset | cuda_runtime
    start_us: float  # from the first event shown
    dur_us: float

    @property
    def end_us(self) -> float:
        return self.start_us + self.dur_us


@dataclass(frozen=True, slots=True)
class Timeline:
    gpu: tuple[Span, ...]
    host: tuple[Span, ...]
    total_gpu_events: int  # in the whole trace; `gpu` holds at most MAX_EVENTS of them

    @property
    def end_us(self) -> float:
        return max((s.end_us for s in (*self.gpu, *self.host)), default=0.0)

    def gaps(self) -> list[tuple[Span, float]]:
        """Each piece of GPU work after the first, with the idle time before it (µs, never negative)."""
        return [(b, max(0.0, b.start_us - a.end_us)) for a, b in zip(self.gpu, self.gpu[1:])]

    def median_gap_us(self) -> float | None:
        gaps = [g for _, g in self.gaps()]
        return statistics.median(gaps) if gaps else None

    def busy_share(self) -> float | None:
        """How much of the shown stretch, from the first GPU event's start to the last's end, the GPU worked."""
        if not self.gpu:
            return None
        span = self.gpu[-1].end_us - self.gpu[0].start_us
        return sum(s.dur_us for s in self.gpu) / span if span > 0 else None


def _spans(events: list[dict], categories: tuple[str, ...]) -> list[dict]:
    found = [e for e in events if isinstance(e, dict) and e.get("ph") == "X" and e.get("cat") in categories
             and isinstance(e.get("ts"), (int, float)) and isinstance(e.get("dur", 0), (int, float))]
    return sorted(found, key=lambda e: float(e["ts"]))


def timeline(data: bytes) -> Timeline:
    """The timeline of a gzipped Chrome trace; ValueError where it is not one."""
    trace = decode(data)
    events = trace.get("traceEvents") if isinstance(trace, dict) else None
    if not isinstance(events, list):
        raise ValueError("not a Chrome trace: no traceEvents list")
    gpu_all = _spans(events, GPU_CATEGORIES)
    gpu = gpu_all[:MAX_EVENTS]
    last = float(gpu[-1]["ts"]) + float(gpu[-1].get("dur", 0)) if gpu else None
    host = [e for e in _spans(events, (HOST_CATEGORY,)) if last is None or float(e["ts"]) <= last]
    origin = min((float(e["ts"]) for e in (*gpu[:1], *host[:1])), default=0.0)

    def span(e: dict) -> Span:
        return Span(str(e.get("name", "")), str(e["cat"]), float(e["ts"]) - origin, float(e.get("dur", 0)))
    return Timeline(tuple(map(span, gpu)), tuple(map(span, host)), len(gpu_all))
