"""The roofline: attained FLOP/s against arithmetic intensity, on CUDA cores and tensor cores.

What it measures: on the CUDA cores, a kernel that reads a float32 array, runs a chain of k
fused multiply-adds on each element and writes it back: 8 bytes and 2k FLOPs an element, so its
intensity is k/4 FLOP per byte, swept from 1/4 to 256. On the tensor cores, bf16 products of
n x n matrices, whose intensity (2n^3 FLOPs over 3 x 2n^2 bytes) is n/3.
How: a Triton kernel (tl.fma, so each step is one instruction), and torch.matmul for the
products, timed as the harness does.
Against what ceiling: the roof min(peak, intensity x bandwidth) from the vendor's numbers (FP32
and dense BF16 peaks, memory bandwidth). The flat part of the CUDA-core curve is this GPU's
measured FP32 ceiling.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "roofline"

CHAINS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)  # FMAs per element
SIZES = (256, 512, 1024, 2048, 4096, 8192, 16384)  # n of the n x n x n bf16 products
ELEMENTS = 2**28  # 1 GiB of float32


def fma_intensity(k: int) -> float:
    """FLOP per byte of the FMA chain: 2k FLOPs over 4 bytes read and 4 written."""
    return 2 * k / 8


def matmul_intensity(n: int, item: int = 2) -> float:
    """FLOP per byte of an n x n x n product: 2n^3 over two inputs read and one output written."""
    return 2 * n**3 / (3 * n * n * item)


def roof_tflops(intensity: float, peak_tflops: float, bandwidth_gbs: float) -> float:
    """The roofline: the lower of the compute peak and what the bandwidth can feed."""
    return min(peak_tflops, intensity * bandwidth_gbs / 1000)


def chain_reference(x, b: float, c: float, k: int):
    """k steps of x <- x*b + c in closed form, in float64: b^k x + c (b^k - 1) / (b - 1)."""
    bk = b**k
    return x.double() * bk + c * (bk - 1) / (b - 1)


if triton is not None:

    @triton.jit
    def _fma_chain(src, dst, b, c, K: tl.constexpr, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(src + offs)
        for _ in range(K):
            x = tl.fma(x, b, c)
        tl.store(dst + offs, x)


def cuda_core_series(ctx: harness.Context, peak: float, bw: float) -> harness.Series:
    import torch

    n = ELEMENTS // 8 if ctx.quick else ELEMENTS
    src, dst = harness.random(n), torch.empty(n, device="cuda")
    b, c = 0.999, 0.001
    series = harness.Series("cuda-cores", "FP32 FMA chain on CUDA cores", "arithmetic intensity", "FLOP/B",
                            "attained", "TFLOPS", scale="log2")
    for k in CHAINS:
        launch = lambda k=k: _fma_chain[(n // 1024,)](src, dst, b, c, K=k, BLOCK=1024)  # noqa: E731
        launch()
        harness.check_close(f"FMA chain k={k}", dst[:2**20], chain_reference(src[:2**20], b, c, k), 1e-3)
        ms = harness.time_ms(ctx, launch)
        series.add(fma_intensity(k), 2 * k * n / (ms * 1e-3) / 1e12, roof_tflops(fma_intensity(k), peak, bw))
    return series


def tensor_core_series(ctx: harness.Context, peak: float, bw: float) -> harness.Series:
    import torch

    series = harness.Series("tensor-cores", "BF16 n x n x n products on tensor cores", "arithmetic intensity",
                            "FLOP/B", "attained", "TFLOPS", scale="log2")
    for n in SIZES[:5] if ctx.quick else SIZES:
        a, bm = harness.random((n, n), torch.bfloat16), harness.random((n, n), torch.bfloat16)
        out = a @ bm
        harness.check_close(f"bf16 product n={n}", out[:64], a[:64].double() @ bm.double(), 1e-2)
        ms = harness.time_ms(ctx, lambda: torch.matmul(a, bm, out=out))
        series.add(round(matmul_intensity(n), 2), 2 * n**3 / (ms * 1e-3) / 1e12,
                   roof_tflops(matmul_intensity(n), peak, bw))
    return series


def run(ctx: harness.Context) -> harness.Result:
    fp32, bf16 = float(ctx.gpu["dense"]["fp32"]), float(ctx.gpu["dense"]["bf16"])
    bw = float(ctx.gpu["memory_bandwidth_gbs"])
    cores, tensor = cuda_core_series(ctx, fp32, bw), tensor_core_series(ctx, bf16, bw)
    flat = max(p["y"] for p in cores.points)
    low = cores.points[0]
    summary = [harness.summary_row(f"FP32 chain at {low['x']} FLOP/B", low["y"], low["predicted"], "TFLOPS"),
               harness.summary_row("FP32 chain, flat part (best)", flat, fp32, "TFLOPS"),
               harness.summary_row("BF16 product, best", max(p["y"] for p in tensor.points), bf16, "TFLOPS")]
    ridge = fp32 * 1000 / bw
    finding = (f"The FP32 chain follows the bandwidth slope up to about {ridge:.0f} FLOP/B, then flattens at "
               f"{flat:.1f} TFLOPS, {flat / fp32:.0%} of the vendor's {fp32:g}; at {low['x']} FLOP/B it attains "
               f"{low['y']:.2f} TFLOPS.")
    ceilings = [{"metric": "dense.fp32", "value": round(flat, 2), "unit": "TFLOPS",
                 "how": "FP32 FMA chain on CUDA cores, best over intensities 0.25 to 256 FLOP/B"}]
    return harness.Result(parameters={"elements": ELEMENTS, "chains": list(CHAINS), "matmul_sizes": list(SIZES)},
                          series=[cores, tensor], summary=summary, finding=finding, ceilings=ceilings,
                          repeats=ctx.repeats, warmup=ctx.warmup)
