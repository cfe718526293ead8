"""Timing on the GPU: the one way every lab measures a point, and the checks before it.

`Context.measure(fn)` warms `fn` up, then times it with CUDA events in batches until the
stopping rule (stats.StoppingRule) is met, flushing the L2 before each sample unless the cache
is the point, while the telemetry sampler reads the SM clock, power and clock-event reasons.
In the counters pass (run.py under Nsight Compute) the same call runs `fn` once inside an NVTX
range named for its probe, and times nothing: ncu profiles exactly the kernels of the probes.
Needs PyTorch; the pure parts live in stats.py, records.py and counters.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import CheckFailed
from .stats import QUICK, Sample, StoppingRule
from .telemetry import Sampler

PROBE_PREFIX = "gpulist|"


@dataclass
class Probe:
    """One kernel launch (or a few) the counters pass profiles, and the point it explains."""

    index: int
    probe: str
    series: str | None = None
    x: float | str | None = None


@dataclass
class Context:
    """What every lab gets: the device, the vendor's numbers, the calibration so far, the method."""

    gpu: dict[str, Any]
    device_name: str
    props: dict[str, Any]
    quick: bool = False
    warmup: int = 5
    rule: StoppingRule = field(default_factory=StoppingRule)
    calibration: dict[str, tuple[float, str]] = field(default_factory=dict)  # key -> (value, lab that measured it)
    counters_pass: bool = False
    probes: list[Probe] = field(default_factory=list)
    sampler: Sampler | None = None
    _flush: Any = None

    def __post_init__(self) -> None:
        if self.quick:
            self.rule, self.warmup = QUICK, min(self.warmup, 2)
        if self.sampler is None and not self.counters_pass:
            self.sampler = Sampler()

    @property
    def telemetry(self) -> str:
        return self.sampler.source if self.sampler else "none"

    def flush_l2(self) -> None:
        """Overwrite a buffer twice the L2's size, so the next run starts from device memory."""
        import torch

        if self._flush is None:
            self._flush = torch.empty(2 * self.props["l2_bytes"] // 4 + 1024, dtype=torch.int32, device="cuda")
        self._flush.fill_(1)

    def calibrated(self, key: str, fallback: float, fallback_source: str = "vendor") -> tuple[float, str, str | None]:
        """A measured ceiling this run (or an earlier record) provides, else the fallback:
        (value, source, lab). Predictions use measured ceilings wherever one exists."""
        if key in self.calibration:
            value, lab = self.calibration[key]
            return value, "measured", lab
        return fallback, fallback_source, None

    def trace(self, name: str, what: str, fn: Callable[[], Any]) -> Any:
        """A profiler trace of one run of `fn` (traces.capture), or None in the counters pass."""
        if self.counters_pass:
            return None
        from .traces import capture

        return capture(name, what, fn)

    def measure(self, fn: Callable[[], Any], *, flush: bool = True, probe: str | None = None,
                series: str | None = None, x: float | str | None = None) -> Sample:
        """Time `fn` until the stopping rule is met; in the counters pass run it once as a probe."""
        if self.counters_pass:
            return self._probe(fn, flush, probe, series, x)
        import torch

        for _ in range(self.warmup):
            fn()
        torch.cuda.synchronize()
        if self.sampler:
            self.sampler.start()
        times: list[float] = []
        try:
            while not self.rule.done(times):
                times += self._batch(fn, flush, self.rule.next_batch(times))
        finally:
            telemetry = self.sampler.stop() if self.sampler else None
        return Sample.of(times, telemetry)

    def _batch(self, fn: Callable[[], Any], flush: bool, count: int) -> list[float]:
        """`count` samples, each between two CUDA events; the flush runs outside the events."""
        import torch

        starts = [torch.cuda.Event(enable_timing=True) for _ in range(count)]
        ends = [torch.cuda.Event(enable_timing=True) for _ in range(count)]
        for start, end in zip(starts, ends):
            if flush:
                self.flush_l2()
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        return [s.elapsed_time(e) for s, e in zip(starts, ends)]

    def _probe(self, fn: Callable[[], Any], flush: bool, probe: str | None, series: str | None,
               x: float | str | None) -> Sample:
        """Counters pass: a named probe runs once inside its NVTX range; an unnamed one not at all."""
        import torch

        if probe is not None:
            fn()  # once outside the range: compilation and autotuning stay out of the profile
            if flush:
                self.flush_l2()
            torch.cuda.synchronize()
            index = len(self.probes)
            self.probes.append(Probe(index, probe, series, x))
            torch.cuda.nvtx.range_push(f"{PROBE_PREFIX}{index}")
            fn()
            torch.cuda.synchronize()
            torch.cuda.nvtx.range_pop()
        return Sample(1.0, 1.0, 1.0, 1)


def device_props(index: int = 0) -> dict[str, Any]:
    """The device's own counts: SMs, L2 and memory size, as the driver reports them."""
    import torch

    p = torch.cuda.get_device_properties(index)
    return {"sm_count": p.multi_processor_count, "l2_bytes": int(getattr(p, "L2_cache_size", 50 * 2**20)),
            "memory_bytes": int(p.total_memory), "capability": f"{p.major}.{p.minor}"}


def check_close(what: str, out: Any, ref: Any, rtol: float) -> float:
    """Relative error ||out - ref|| / ||ref|| in float64; raise CheckFailed past `rtol` or on NaN."""
    import torch

    out64, ref64 = out.detach().to(torch.float64), ref.detach().to(torch.float64)
    if out64.shape != ref64.shape:
        raise CheckFailed(f"{what}: shape {tuple(out64.shape)} != reference {tuple(ref64.shape)}")
    err = float(torch.linalg.vector_norm(out64 - ref64) / torch.linalg.vector_norm(ref64).clamp_min(1e-30))
    if not err <= rtol:  # NaN fails this too
        raise CheckFailed(f"{what}: relative error {err:.3g} > {rtol:.3g}")
    return err


def check_equal(what: str, out: Any, ref: Any) -> None:
    """Exact equality, for kernels that only move data (copies, transposes)."""
    import torch

    if out.shape != ref.shape or not torch.equal(out, ref):
        raise CheckFailed(f"{what}: output differs from the reference")


def random(shape: Sequence[int] | int, dtype: Any = None, device: str = "cuda") -> Any:
    """Random normal data (never zeros), in float32 unless a dtype is given."""
    import torch

    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return torch.randn(shape, device=device, dtype=torch.float32).to(dtype or torch.float32)


def random_positive(shape: Sequence[int] | int, device: str = "cuda") -> Any:
    """Random float32 in [0.5, 1.5): for sums checked against a reference, which a sum near zero
    would make meaningless."""
    import torch

    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return torch.rand(shape, device=device) + 0.5
