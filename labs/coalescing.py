"""Coalescing: bandwidth against the stride between neighbouring threads' addresses.

What it measures: a kernel that gathers M float32 values, element i from address i * stride,
and writes them out contiguously. The useful bytes are the same at every stride (M values read,
M written); only the pattern of addresses changes. Then, at stride 1, the width of each
thread's loads: 4, 8 or 16 bytes (one, two or four floats a thread).
How: a Triton kernel, stride 1 to 64, over 128 MiB of useful data (twice the L2, its source up
to 8 GiB), each point checked, then sampled until its spread is small; Nsight Compute reads, per
stride, the sectors each warp's load request touches in the L1 and the bytes DRAM moves.
Against what model: bytes over the measured copy bandwidth, where a strided read costs what
DRAM moves for it: min(stride x 4 B, g) per value, g being the bytes DRAM fetches around a lone
value (64 B on an H200, as its counters show: two 32-byte sectors), plus 4 B written. For the
load widths, Little's law: each SM keeps 2,048 threads x the bytes each loads in flight, and
bandwidth is that over the loaded latency the latency-hiding lab measures, at most the copy's.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "coalescing"
NEEDS = ("copy_gbs", "batch_latency_ns")
PROVIDES = ("scattered_gbs",)
COUNTERS = ("dram__bytes_read.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
            "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "smsp__sass_inst_executed_op_global_ld.sum",
            "gpu__time_duration.sum")

SECTOR = 32      # bytes: the unit L1 and L2 move
GRANULE = 64     # bytes DRAM moves around one scattered value (two sectors), from the counters
STRIDES = (1, 2, 4, 8, 16, 32, 64)
VALUES = 2**25   # 128 MiB of useful float32 data each way
THREADS_PER_SM = 2048
WIDTHS = {4: 32, 8: 16, 16: 8}  # bytes a thread loads at once -> warps for a 1,024-float block


def dram_bytes(values: int, stride: int, item: int = 4, granule: int = GRANULE) -> int:
    """Bytes DRAM moves: per value read, the span to the next value up to the granule; writes contiguous."""
    return values * min(stride * item, granule) + values * item


def predicted_gbs(stride: int, copy_gbs: float, values: int = VALUES) -> float:
    """Useful GB/s when DRAM moves dram_bytes at the measured copy rate."""
    return copy_gbs * 2 * values * 4 / dram_bytes(values, stride)


def littles_law_gbs(width: int, sms: int, latency_ns: float, copy_gbs: float) -> float:
    """Bytes in flight over latency (bytes per ns is GB/s), at most the copy's rate."""
    return min(copy_gbs, sms * THREADS_PER_SM * width / latency_ns)


if triton is not None:

    @triton.jit
    def _gather(src, dst, stride, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst + offs, tl.load(src + offs.to(tl.int64) * stride))


def stride_series(ctx: harness.Context, src, dst, values: int, copy: float) -> harness.Series:
    series = harness.Series("stride", "read with stride s, write contiguous", "stride", "elements",
                            "useful bandwidth", "GB/s", scale="log2", model="dram-granularity")
    for stride in STRIDES:
        launch = lambda s=stride: _gather[(values // 1024,)](src, dst, s, BLOCK=1024)  # noqa: E731
        launch()
        harness.check_equal(f"gather at stride {stride}", dst, src[: values * stride: stride])
        sample = ctx.measure(launch, probe=f"stride {stride}", series="stride", x=stride)
        series.add(stride, harness.Value.rate(sample, 2 * values * 4, 1e-9), predicted=predicted_gbs(stride, copy, values))
    return series


def width_series(ctx: harness.Context, src, dst, values: int, copy: float, latency: float) -> harness.Series:
    series = harness.Series("width", "stride 1, bytes each thread loads at once", "load width", "bytes/thread",
                            "useful bandwidth", "GB/s", scale="log2", model="littles-law")
    for width, warps in WIDTHS.items():
        launch = lambda w=warps: _gather[(values // 1024,)](src, dst, 1, BLOCK=1024, num_warps=w)  # noqa: E731
        launch()
        harness.check_equal(f"{width}-byte loads", dst, src[:values])
        sample = ctx.measure(launch, probe=f"{width}-byte loads", series="width", x=width)
        series.add(width, harness.Value.rate(sample, 2 * values * 4, 1e-9),
                   predicted=littles_law_gbs(width, ctx.props["sm_count"], latency, copy))
    return series


def models(ctx: harness.Context, copy: tuple, latency: tuple) -> list[harness.Model]:
    b = harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2])
    return [harness.Model("dram-granularity", "Bytes DRAM moves per value",
                          "useful rate = B x 8 B / (min(stride x 4 B, g) + 4 B)",
                          (b, harness.Term("g", "bytes DRAM moves around one scattered value", GRANULE, "B", "counter", ID))),
            harness.Model("littles-law", "Little's law",
                          "rate = min(B, SMs x 2,048 threads x width / L)",
                          (b, harness.Term("SMs", "multiprocessors", ctx.props["sm_count"], "count", "device"),
                           harness.Term("L", "latency of a batch of loads", latency[0], "ns", latency[1], latency[2])))]


def run(ctx: harness.Context) -> harness.Result:
    import torch

    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    latency = ctx.calibrated("batch_latency_ns", 600.0, "fixed")
    values = VALUES // 8 if ctx.quick else VALUES
    src = harness.random(values * max(STRIDES))
    dst = torch.empty(values, device="cuda")
    strides = stride_series(ctx, src, dst, values, copy[0])
    widths = width_series(ctx, src, dst, values, copy[0], latency[0])
    summary = [harness.from_point(f"stride {s}", strides, s) for s in (1, 8, 16, 32)]
    summary += [harness.from_point(f"stride 1, {w}-byte loads", widths, w) for w in WIDTHS]
    s1, s8, s16 = (strides.at(s)["y"] for s in (1, 8, 16))
    finding = (f"Stride 8 reaches {s8 / s1:.0%} of stride 1's useful bandwidth and stride 16 {s16 / s1:.0%} "
               f"({s16:,.0f} against {s1:,.0f} GB/s): past 8 floats apart each value costs a 32-byte sector, past 16 "
               f"a 64-byte DRAM fetch.")
    return harness.Result(parameters={"dtype": "float32", "values": values, "strides": list(STRIDES)},
                          series=[strides, widths], summary=summary, finding=finding, models=models(ctx, copy, latency),
                          calibration={"scattered_gbs": strides.at(max(STRIDES))["y"]}, warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the counters: DRAM bytes and L1 sectors per value at strides 8 and 32."""
    from harness.counters import value

    values = result.parameters["values"]
    dram = {s: value(counters, f"stride {s}", "dram__bytes_read.sum") for s in (8, 32)}
    sectors = value(counters, "stride 32", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum")
    requests = value(counters, "stride 32", "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum")
    if None in dram.values() or not sectors or not requests:
        return result.finding
    return (f"{result.finding.split(':')[0]}. Nsight Compute shows why: DRAM reads {dram[8] / values:.0f} bytes per "
            f"value at stride 8 and {dram[32] / values:.0f} at stride 32, while the L1 sees {sectors / requests:.0f} "
            f"sectors per warp request.")[:300]
