"""Latency hiding: bandwidth against the bytes a kernel keeps in flight (Little's law).

What it measures: first the latency of one memory access, by a single thread following a
random chain of pointers through 1 GiB (each load's address is the previous load's value, so
no two overlap). Then a read kernel launched with 1 to 2,112 blocks of 128 threads, each block
keeping 2 KiB of loads outstanding at a time: the bytes in flight grow with the blocks resident.
How: Triton kernels (no software pipelining, so one batch of loads per block is in flight),
timed as the harness does; the read kernel's sum checked against PyTorch's.
Against what model: Little's law, bandwidth = bytes in flight / latency, capped by the copy
bandwidth the memory-bandwidth lab measured: the prediction uses the pointer chase's latency,
the latency of a load with nothing else in flight; the points fall below it where the memory
system's queues lengthen the latency under load. Bytes in flight, not thread count as such, is
what occupancy buys; Nsight Compute's achieved occupancy and DRAM throughput show both.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "latency-hiding"
NEEDS = ("copy_gbs",)
PROVIDES = ("latency_ns", "batch_latency_ns")
COUNTERS = ("sm__warps_active.avg.pct_of_peak_sustained_active", "dram__throughput.avg.pct_of_peak_sustained_elapsed",
            "dram__bytes_read.sum", "gpu__time_duration.sum")

BLOCK = 512  # float32 per block per step: 2 KiB in flight per block
CHASE_BYTES = 2**30
CHASE_STEPS = 20_000
ITERATIONS = 256  # steps each block takes over its chunks


def in_flight_bytes(blocks: int, block: int = BLOCK, item: int = 4) -> int:
    return blocks * block * item


def littles_law_gbs(in_flight: float, latency_ns: float, ceiling_gbs: float) -> float:
    """Throughput = concurrency / latency, never above the ceiling: bytes per ns is GB/s."""
    return min(ceiling_gbs, in_flight / latency_ns)


def block_counts(sm_count: int, quick: bool) -> list[int]:
    counts = [2**k for k in range(0, 12) if 2**k < sm_count * 16] + [sm_count * 16]
    return counts[::2] + [counts[-1]] if quick else counts


if triton is not None:

    @triton.jit
    def _chase(nxt, out, steps):
        i = tl.full((), 0, tl.int64)
        for _ in range(steps):
            i = tl.load(nxt + i)
        tl.store(out, i)

    @triton.jit
    def _read(src, out, n, BLOCK: tl.constexpr):
        pid, grid = tl.program_id(0), tl.num_programs(0)
        acc = tl.zeros((BLOCK,), tl.float32)
        for start in range(pid * BLOCK, n, grid * BLOCK):
            acc += tl.load(src + start + tl.arange(0, BLOCK))
        tl.store(out + pid, tl.sum(acc))


def latency_ns(ctx: harness.Context) -> harness.Value:
    """One dependent load at a time through a random cycle: the time per step is the latency."""
    import torch

    n = CHASE_BYTES // 8
    order = torch.randperm(n, device="cuda")
    nxt = torch.empty(n, dtype=torch.int64, device="cuda")
    nxt[order] = torch.roll(order, -1)
    out = torch.empty(1, dtype=torch.int64, device="cuda")
    steps = 2_000 if ctx.quick else CHASE_STEPS
    _chase[(1,)](nxt, out, 3, num_warps=1)
    walked = nxt[nxt[nxt[0]]]
    harness.check_equal("pointer chase", out, walked.reshape(1))
    sample = ctx.measure(lambda: _chase[(1,)](nxt, out, steps, num_warps=1), probe="pointer chase")
    return harness.Value.time(sample, 1e6 / steps)


def read_gbs(ctx: harness.Context, src, blocks: int) -> harness.Value:
    import torch

    n = min(src.numel(), blocks * BLOCK * ITERATIONS)
    out = torch.empty(blocks, device="cuda")
    launch = lambda: _read[(blocks,)](src, out, n, BLOCK=BLOCK, num_warps=4, num_stages=1)  # noqa: E731
    launch()
    harness.check_close(f"read with {blocks} blocks", out.sum().reshape(1), src[:n].double().sum().reshape(1), 1e-4)
    probe = f"{blocks} blocks" if blocks in (1, ctx.props["sm_count"] * 16) else None
    sample = ctx.measure(launch, probe=probe, series="in-flight", x=in_flight_bytes(blocks) / 2**10)
    return harness.Value.rate(sample, n * 4, 1e-9)


def run(ctx: harness.Context) -> harness.Result:
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    lat = latency_ns(ctx)
    src = harness.random_positive(2**28)
    series = harness.Series("in-flight", "read kernel, blocks of 128 threads", "bytes in flight", "KiB",
                            "bandwidth", "GB/s", scale="log2", model="littles-law")
    for blocks in block_counts(ctx.props["sm_count"], ctx.quick):
        inflight = in_flight_bytes(blocks)
        series.add(inflight / 2**10, read_gbs(ctx, src, blocks), predicted=littles_law_gbs(inflight, lat.y, copy[0]))
    first, best = series.points[0], max(series.points, key=lambda p: p["y"])
    need_kib = copy[0] * lat.y / 2**10
    summary = [harness.summary_row("one load's latency", lat, "ns"),
               harness.from_point(f"{first['x']:g} KiB in flight", series, first["x"]),
               harness.from_point(f"{best['x']:g} KiB in flight (best)", series, best["x"])]
    finding = (f"A load takes {lat.y:.0f} ns, so Little's law asks for {need_kib:,.0f} KiB in flight to reach "
               f"{copy[0]:,.0f} GB/s; with {best['x']:,.0f} KiB in flight the read reaches {best['y']:,.0f} GB/s.")
    model = harness.Model("littles-law", "Little's law", "rate = min(B, bytes in flight / L)",
                          (harness.Term("L", "latency of one load, nothing else in flight", lat.y, "ns", "measured", ID),
                           harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2])))
    batch = first["x"] * 2**10 / first["y"]  # ns for one block's batch of loads: bytes / (bytes per ns)
    return harness.Result(parameters={"dtype": "float32", "block_threads": 128, "bytes_per_block_step": BLOCK * 4,
                                      "chase_bytes": CHASE_BYTES},
                          series=[series], summary=summary, finding=finding, models=[model],
                          calibration={"latency_ns": lat.y, "batch_latency_ns": batch}, warmup=ctx.warmup)
