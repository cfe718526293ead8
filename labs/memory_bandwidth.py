"""Memory bandwidth: copy, read and write, and copy bandwidth against working-set size.

What it measures: bytes moved per second by the simplest kernels there are. A device-to-device
copy of 2 GiB counts bytes read plus bytes written; a sum reads; a fill writes, four fills back
to back in each sample, so that the last fill's lines still sitting dirty in the L2 when the
timer stops are at most a small fraction of what is counted. Then a copy kernel replays working
sets from 2 MiB to 3 GiB many times in one launch, without flushing, so sets that fit in the L2
are served from it.
How: PyTorch's copy, sum and fill kernels and one Triton kernel, each checked, then sampled
until the spread is small (harness); Nsight Compute reads the DRAM bytes and the L2 hit rate.
Against what model: the copy of 2 GiB is this GPU's measured bandwidth ceiling, shown against
the vendor's figure as a bound; reads and writes are predicted to run at that measured copy
rate; the working-set sweep is predicted by a two-level model, each set at the L2's measured
rate while it fits in the L2 the device reports and at the copy's rate once it does not.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "memory-bandwidth"
PROVIDES = ("copy_gbs", "l2_copy_gbs")
COUNTERS = ("dram__bytes_read.sum", "dram__bytes_write.sum", "lts__t_sector_hit_rate.pct",
            "dram__throughput.avg.pct_of_peak_sustained_elapsed", "gpu__time_duration.sum")
NCU_CACHE = "none"  # the sweep's small sets are meant to be found in the L2

BIG = 2 * 2**30  # bytes per buffer: far past any L2, and quick to move
FILLS = 4        # fills per write sample
IN_L2_MAX = 16 * 2**20  # working sets up to this size calibrate the L2's rate


def copy_bytes(n_bytes: int) -> int:
    """A copy reads every byte once and writes it once."""
    return 2 * n_bytes


def sweep_sizes(quick: bool) -> list[int]:
    """Working sets (source + destination) from 2 MiB to 3 GiB, two per octave: the L2's edge
    falls between two."""
    sizes, size = [], 2 * 2**20
    while size <= 2 * 2**30:
        sizes += [size, size * 3 // 2]
        size *= 2
    return sizes[::3] if quick else sizes


def sweep_reps(working_set: int) -> int:
    """Passes over the set per launch: about 4 GB moved, so one launch lasts far past its cost."""
    return max(1, (4 * 2**30) // working_set)


def two_level_gbs(working_set: int, l2_bytes: int, l2_gbs: float, dram_gbs: float) -> float:
    """The set's rate: the L2's while it fits in the L2, the DRAM copy's once it does not."""
    return l2_gbs if working_set <= l2_bytes else dram_gbs


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


def measure_big(ctx: harness.Context) -> dict[str, harness.Value]:
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

    def fills():
        for _ in range(FILLS):
            dst.fill_(value)

    return {"copy": harness.Value.rate(ctx.measure(lambda: dst.copy_(src), probe="copy"), copy_bytes(BIG), 1e-9),
            "read": harness.Value.rate(ctx.measure(lambda: src.sum(), probe="read"), BIG, 1e-9),
            "write": harness.Value.rate(ctx.measure(fills, probe="write"), FILLS * BIG, 1e-9)}


def measure_sweep(ctx: harness.Context) -> list[tuple[int, harness.Value]]:
    import torch

    found = []
    for size in sweep_sizes(ctx.quick):
        n = size // 8  # float32 elements in each of the two buffers
        src, dst = harness.random(n), torch.empty(n, device="cuda")
        grid = (min(triton.cdiv(n, 1024), ctx.props["sm_count"] * 8),)
        _sweep_copy[grid](src, dst, n, 1, BLOCK=1024)
        harness.check_equal(f"copy of {size} B", dst, src)
        reps = sweep_reps(size)
        probe = f"working set {size // 2**20} MiB" if size in (24 * 2**20, 96 * 2**20) else None
        sample = ctx.measure(lambda: _sweep_copy[grid](src, dst, n, reps, BLOCK=1024), flush=False, probe=probe,
                             series="working-set", x=round(size / 2**20, 3))
        found.append((size, harness.Value.rate(sample, size * reps, 1e-9)))
    return found


def models(ctx: harness.Context, copy: float, l2_rate: float) -> list[harness.Model]:
    b = harness.Term("B", "copy bandwidth, 2 GiB", copy, "GB/s", "measured", ID)
    return [harness.Model("copy-rate", "One-way traffic at the copy's rate",
                          "rate = B: a read or a write streams through DRAM as fast as a copy does", (b,)),
            harness.Model("two-level", "Two levels of memory",
                          "rate = B_L2 while the working set fits in the L2 (S <= L2), else B",
                          (harness.Term("L2", "L2 size the device reports", ctx.props["l2_bytes"] / 2**20, "MiB", "device"),
                           harness.Term("B_L2", f"copy rate of sets up to {IN_L2_MAX // 2**20} MiB (median)", l2_rate,
                                        "GB/s", "measured", ID), b))]


def run(ctx: harness.Context) -> harness.Result:
    peak = float(ctx.gpu["memory_bandwidth_gbs"])
    big = measure_big(ctx)
    sweep_values = measure_sweep(ctx)
    copy = big["copy"].y
    l2_rate = harness.median([v.y for size, v in sweep_values if size <= IN_L2_MAX])
    bars = harness.Series("big", f"{BIG // 2**30} GiB buffers, cache flushed", "kernel", "count",
                          "bandwidth", "GB/s", scale="category", model="copy-rate")
    bars.add("copy", big["copy"], bound=peak)
    bars.add("read", big["read"], predicted=copy)
    bars.add("write", big["write"], predicted=copy)
    sweep = harness.Series("working-set", "copy, cache not flushed", "working set (source + destination)",
                           "MiB", "bandwidth", "GB/s", scale="log2", model="two-level")
    for size, value in sweep_values:
        sweep.add(round(size / 2**20, 3), value, predicted=two_level_gbs(size, ctx.props["l2_bytes"], l2_rate, copy))
    best = max(sweep.points, key=lambda p: p["y"])
    summary = [harness.from_point(f"{k}, {BIG // 2**30} GiB", bars, k) for k in ("copy", "read", "write")]
    summary += [harness.from_point(f"copy, {x:g} MiB working set", sweep, x) for x in (24, 96) if x in
                [p["x"] for p in sweep.points]]
    finding = (f"A copy moves {copy:,.0f} GB/s, {copy / peak:.0%} of the vendor's {peak:,.0f} GB/s; working sets "
               f"that fit in the {ctx.props['l2_bytes'] / 2**20:.0f} MiB L2 copy at up to {best['y']:,.0f} GB/s, "
               f"{best['y'] / copy:.1f}x faster.")
    ceilings = [{"metric": "memory_bandwidth_gbs", "value": round(copy, 1), "unit": "GB/s",
                 "how": f"device-to-device copy of {BIG // 2**30} GiB, bytes read + written, median of {big['copy'].n}"}]
    return harness.Result(parameters={"dtype": "float32", "buffer_bytes": BIG, "fills_per_write_sample": FILLS},
                          series=[bars, sweep], summary=summary, finding=finding, ceilings=ceilings,
                          models=models(ctx, copy, l2_rate), calibration={"copy_gbs": copy, "l2_copy_gbs": l2_rate},
                          warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the counters that show it: the L2's hit rate inside and outside it."""
    from harness.counters import value

    hit_in, hit_out = (value(counters, f"working set {s} MiB", "lts__t_sector_hit_rate.pct") for s in (24, 96))
    if hit_in is None or hit_out is None:
        return result.finding
    return (f"{result.finding} Nsight Compute reads an L2 hit rate of {hit_in:.0f}% for a 24 MiB set and "
            f"{hit_out:.0f}% for 96 MiB.")[:300]
