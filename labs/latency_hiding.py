"""Latency hiding: bandwidth against the bytes a kernel keeps in flight (Little's law).

What it measures: first the latency of one memory access, by a single thread following a
random chain of pointers through 1 GiB (each load's address is the previous load's value, so
no two overlap). Then a read kernel launched with 1 to 2,112 blocks of 128 threads, each block
keeping 2 KiB of loads outstanding at a time: the bytes in flight grow with the blocks resident.
How: Triton kernels (no software pipelining, so one batch of loads per block is in flight),
timed as the harness does; the read kernel's sum checked against PyTorch's.
Against what ceiling: Little's law, bandwidth = bytes in flight / latency, capped by the
vendor's bandwidth: the prediction uses the measured latency and data/gpus.yml's bandwidth.
Bytes in flight, not thread count as such, is what occupancy buys.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "latency-hiding"

BLOCK = 512  # float32 per block per step: 2 KiB in flight per block
CHASE_BYTES = 2**30
CHASE_STEPS = 20_000
ITERATIONS = 256  # steps each block takes over its chunks


def in_flight_bytes(blocks: int, block: int = BLOCK, item: int = 4) -> int:
    return blocks * block * item


def littles_law_gbs(in_flight: float, latency_ns: float, peak_gbs: float) -> float:
    """Throughput = concurrency / latency, never above the peak: bytes per ns is GB/s."""
    return min(peak_gbs, in_flight / latency_ns)


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


def latency_ns(ctx: harness.Context) -> float:
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
    ms = harness.time_ms(ctx, lambda: _chase[(1,)](nxt, out, steps, num_warps=1), repeats=10)
    return ms * 1e6 / steps


def read_gbs(ctx: harness.Context, src, blocks: int) -> float:
    import torch

    n = min(src.numel(), blocks * BLOCK * ITERATIONS)
    out = torch.empty(blocks, device="cuda")
    launch = lambda: _read[(blocks,)](src, out, n, BLOCK=BLOCK, num_warps=4, num_stages=1)  # noqa: E731
    launch()
    harness.check_close(f"read with {blocks} blocks", out.sum().reshape(1), src[:n].double().sum().reshape(1), 1e-4)
    return n * 4 / (harness.time_ms(ctx, launch) * 1e-3) / 1e9


def run(ctx: harness.Context) -> harness.Result:
    peak = float(ctx.gpu["memory_bandwidth_gbs"])
    lat = latency_ns(ctx)
    src = harness.random_positive(2**28)
    series = harness.Series("in-flight", "read kernel, blocks of 128 threads", "bytes in flight", "KiB",
                            "bandwidth", "GB/s", scale="log2")
    for blocks in block_counts(ctx.props["sm_count"], ctx.quick):
        inflight = in_flight_bytes(blocks)
        series.add(inflight / 2**10, read_gbs(ctx, src, blocks), littles_law_gbs(inflight, lat, peak))
    best = max(series.points, key=lambda p: p["y"])
    need_kib = peak * lat / 2**10
    summary = [harness.summary_row("one load's latency", lat, None, "ns"),
               harness.summary_row(f"{series.points[0]['x']:g} KiB in flight", series.points[0]["y"],
                                   series.points[0]["predicted"], "GB/s"),
               harness.summary_row(f"{best['x']:g} KiB in flight (best)", best["y"], best["predicted"], "GB/s")]
    finding = (f"A load takes {lat:.0f} ns, so Little's law asks for {need_kib:,.0f} KiB in flight to reach "
               f"{peak:,.0f} GB/s; with {best['x']:,.0f} KiB in flight the read reaches {best['y']:,.0f} GB/s.")
    return harness.Result(parameters={"dtype": "float32", "block_threads": 128, "bytes_per_block_step": BLOCK * 4,
                                      "chase_bytes": CHASE_BYTES, "latency_ns": round(lat, 1)},
                          series=[series], summary=summary, finding=finding, repeats=ctx.repeats, warmup=ctx.warmup)
