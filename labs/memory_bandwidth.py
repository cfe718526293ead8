"""Memory bandwidth: copy, read and write, and copy bandwidth against working-set size.

What it measures: bytes moved per second by the simplest kernels there are. A device-to-device
copy of a buffer far larger than the L2 counts bytes read plus bytes written; a sum reads; a
fill writes. Then the copy is repeated over working sets from 256 KiB to 4 GiB, without
flushing the cache, so that sets which fit in the L2 are served from it.
How: PyTorch's own copy, sum and fill kernels, timed as the harness does; the sweep replays
the set many times inside one kernel launch, so launch gaps do not hide the small sets' speed.
Against what ceiling: the vendor's memory bandwidth (data/gpus.yml, memory_bandwidth_gbs).
The copy's figure is this GPU's measured bandwidth ceiling.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "memory-bandwidth"

BIG = 2 * 2**30  # bytes per buffer: far past any L2, and quick to move


def copy_bytes(n_bytes: int) -> int:
    """A copy reads every byte once and writes it once."""
    return 2 * n_bytes


def gbs(n_bytes: float, ms: float) -> float:
    """Bytes over milliseconds, in GB/s (10^9 bytes per second, as vendors count)."""
    return n_bytes / (ms * 1e-3) / 1e9


def sweep_sizes(quick: bool) -> list[int]:
    """Working sets (source + destination) from 2 MiB to 4 GiB, two per octave: the L2's edge
    falls between two. Below 2 MiB too few blocks exist to fill the chip, which is another lab."""
    sizes, size = [], 2 * 2**20
    while size <= 4 * 2**30:
        sizes += [size, size * 3 // 2]
        size *= 2
    return sizes[::3] if quick else sizes[:-1]


def sweep_reps(working_set: int) -> int:
    """Passes over the set per launch: about 4 GB moved, so one launch lasts far past its cost."""
    return max(1, (4 * 2**30) // working_set)


if triton is not None:

    @triton.jit
    def _sweep_copy(src, dst, n, reps, BLOCK: tl.constexpr):
        # Each program walks the whole set in strides of the grid, `reps` times over: the
        # distance between two reads of one byte is the whole working set, so the set is
        # served from the L2 exactly when it fits there. ".cg" skips the SM's own L1.
        pid, grid = tl.program_id(0), tl.num_programs(0)
        for _ in range(reps):
            for start in range(pid * BLOCK, n, grid * BLOCK):
                offs = start + tl.arange(0, BLOCK)
                mask = offs < n
                tl.store(dst + offs, tl.load(src + offs, mask=mask, cache_modifier=".cg"), mask=mask)


def measure_big(ctx: harness.Context) -> dict[str, float]:
    import torch

    n = BIG // 4
    src, dst = harness.random_positive(n), torch.empty(n, device="cuda")
    dst.copy_(src)
    harness.check_equal("copy", dst, src)
    total = src.to(torch.float64).sum()
    harness.check_close("sum", src.sum(dtype=torch.float32).reshape(1), total.reshape(1), 1e-4)
    value = float(torch.rand(()) + 0.5)
    dst.fill_(value)
    harness.check_equal("fill", dst[:: 4097], torch.full_like(dst[:: 4097], value))
    return {"copy": gbs(copy_bytes(BIG), harness.time_ms(ctx, lambda: dst.copy_(src))),
            "read": gbs(BIG, harness.time_ms(ctx, lambda: src.sum())),
            "write": gbs(BIG, harness.time_ms(ctx, lambda: dst.fill_(value)))}


def measure_sweep(ctx: harness.Context, peak: float) -> harness.Series:
    import torch

    series = harness.Series("working-set", "copy, cache not flushed", "working set (source + destination)",
                            "MiB", "bandwidth", "GB/s", scale="log2")
    for size in sweep_sizes(ctx.quick):
        n = size // 8  # float32 elements in each of the two buffers
        src, dst = harness.random(n), torch.empty(n, device="cuda")
        grid = (min(triton.cdiv(n, 1024), ctx.props["sm_count"] * 8),)
        _sweep_copy[grid](src, dst, n, 1, BLOCK=1024)
        harness.check_equal(f"copy of {size} B", dst, src)
        reps = sweep_reps(size)
        ms = harness.time_ms(ctx, lambda: _sweep_copy[grid](src, dst, n, reps, BLOCK=1024), flush=False, repeats=10)
        fits = size <= ctx.props["l2_bytes"]
        series.add(round(size / 2**20, 3), gbs(size * reps, ms), None if fits else peak)
    return series


def run(ctx: harness.Context) -> harness.Result:
    peak = float(ctx.gpu["memory_bandwidth_gbs"])
    big = measure_big(ctx)
    bars = harness.Series("big", f"{BIG // 2**30} GiB buffers, cache flushed", "kernel", "count",
                          "bandwidth", "GB/s", scale="category")
    for name, value in big.items():
        bars.add(name, value, peak)
    sweep = measure_sweep(ctx, peak)
    l2_best = max(p["y"] for p in sweep.points)
    summary = [harness.summary_row(f"{name}, {BIG // 2**30} GiB", v, peak, "GB/s") for name, v in big.items()]
    summary.append(harness.summary_row("copy, best working set in L2", l2_best, None, "GB/s"))
    finding = (f"A copy moves {big['copy']:,.0f} GB/s, {big['copy'] / peak:.0%} of the vendor's {peak:,.0f} GB/s; "
               f"working sets that fit in the {ctx.props['l2_bytes'] / 2**20:.0f} MiB L2 copy at up to "
               f"{l2_best:,.0f} GB/s, {l2_best / big['copy']:.1f}x faster.")
    ceilings = [{"metric": "memory_bandwidth_gbs", "value": round(big["copy"], 1), "unit": "GB/s",
                 "how": f"device-to-device copy of {BIG // 2**30} GiB, bytes read + written, median of {ctx.repeats}"}]
    return harness.Result(parameters={"dtype": "float32", "buffer_bytes": BIG}, series=[bars, sweep],
                          summary=summary, finding=finding, ceilings=ceilings, l2_flushed=True,
                          repeats=ctx.repeats, warmup=ctx.warmup)


