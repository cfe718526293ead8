"""Coalescing: bandwidth against the stride between neighbouring threads' addresses.

What it measures: a kernel that gathers M float32 values, element i from address i * stride,
and writes them out contiguously. The useful bytes are the same at every stride (M values read,
M written); only the pattern of addresses changes.
How: a Triton kernel, one value per thread, stride from 1 to 64, timed as the harness does.
Against what ceiling: the vendor's memory bandwidth. Memory moves whole 32-byte sectors, so once
neighbours are 8 floats apart each useful 4 bytes costs a 32-byte sector: the prediction
charges min(stride, 8) x 4 bytes per value read, and 4 per value written.
Then, at stride 1, the width of each thread's loads: 4, 8 or 16 bytes (one, two or four floats
a thread, so Triton emits scalar, 2-wide or 4-wide vector loads): the same bytes in fewer,
wider instructions.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "coalescing"

SECTOR = 32  # bytes: the unit DRAM and L2 move
STRIDES = (1, 2, 4, 8, 16, 32, 64)
VALUES = 2**24  # 64 MiB of useful float32 data each way


def bytes_moved(values: int, stride: int, item: int = 4) -> int:
    """Bytes the memory system must move: whole sectors for the reads, the writes contiguous."""
    per_read = min(stride * item, SECTOR)
    return values * per_read + values * item


def predicted_gbs(stride: int, peak_gbs: float, values: int = VALUES) -> float:
    """Useful GB/s when the sectors moved run at the vendor's bandwidth."""
    useful = 2 * values * 4
    return peak_gbs * useful / bytes_moved(values, stride)


if triton is not None:

    @triton.jit
    def _gather(src, dst, stride, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(dst + offs, tl.load(src + offs.to(tl.int64) * stride))


WIDTHS = {4: 32, 8: 16, 16: 8}  # bytes a thread loads at once -> warps for a 1,024-float block


def width_series(ctx: harness.Context, src, dst, values: int, peak: float) -> harness.Series:
    """Stride 1 again, with each thread loading 1, 2 or 4 contiguous floats at a time."""
    series = harness.Series("width", "stride 1, bytes each thread loads at once", "load width", "bytes/thread",
                            "useful bandwidth", "GB/s", scale="log2")
    for width, warps in WIDTHS.items():
        launch = lambda w=warps: _gather[(values // 1024,)](src, dst, 1, BLOCK=1024, num_warps=w)  # noqa: E731
        launch()
        harness.check_equal(f"{width}-byte loads", dst, src[:values])
        series.add(width, 2 * values * 4 / (harness.time_ms(ctx, launch) * 1e-3) / 1e9, peak)
    return series


def run(ctx: harness.Context) -> harness.Result:
    import torch

    peak = float(ctx.gpu["memory_bandwidth_gbs"])
    values = VALUES // 4 if ctx.quick else VALUES
    src = harness.random(values * max(STRIDES))
    dst = torch.empty(values, device="cuda")
    series = harness.Series("stride", "read with stride s, write contiguous", "stride", "elements",
                            "useful bandwidth", "GB/s", scale="log2")
    for stride in STRIDES:
        launch = lambda s=stride: _gather[(values // 1024,)](src, dst, s, BLOCK=1024)  # noqa: E731
        launch()
        harness.check_equal(f"gather at stride {stride}", dst, src[: values * stride: stride])
        ms = harness.time_ms(ctx, launch)
        series.add(stride, 2 * values * 4 / (ms * 1e-3) / 1e9, predicted_gbs(stride, peak, values))
    widths = width_series(ctx, src, dst, values, peak)
    by = {p["x"]: p for p in series.points}
    summary = [harness.summary_row(f"stride {s}", by[s]["y"], by[s]["predicted"], "GB/s") for s in (1, 8, 32)]
    summary += [harness.summary_row(f"stride 1, {p['x']}-byte loads", p["y"], p["predicted"], "GB/s")
                for p in widths.points]
    finding = (f"Stride 32 reaches {by[32]['y'] / by[1]['y']:.0%} of stride 1's useful bandwidth "
               f"({by[32]['y']:,.0f} against {by[1]['y']:,.0f} GB/s): past 8 floats apart, every 4-byte value "
               f"costs a 32-byte sector.")
    return harness.Result(parameters={"dtype": "float32", "values": values, "strides": list(STRIDES)},
                          series=[series, widths], summary=summary, finding=finding, repeats=ctx.repeats,
                          warmup=ctx.warmup)
