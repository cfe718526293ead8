"""The roofline: attained FLOP/s against arithmetic intensity, on CUDA cores and tensor cores.

What it measures: on the CUDA cores, a kernel that reads a float32 array, runs a chain of k
fused multiply-adds on each element and writes it back: 8 bytes and 2k FLOPs an element, so its
intensity is k/4 FLOP per byte, swept from 1/4 to 256. On the tensor cores, BF16 products of an
M x 8192 matrix by an 8192 x 8192 one, M from 1 to 8192: the weight matrix is read once whatever
M is, so the intensity grows with M (about M FLOP per byte while M is small) with the chip kept
busy by the 8,192 columns, as decoding (small M) and prefill (large M) are.
How: a Triton kernel (tl.fma, so each step is one instruction), and torch.matmul (cuBLAS) for
the products, each checked, sampled until the spread is small, with the SM clock, power and the
driver's throttle reasons sampled during every point: the longest products run into the power cap.
Against what model: the roofline, min(compute rate, intensity x bandwidth), calibrated on this
GPU: for FP32, 128 FMA lanes an SM at the highest SM clock the driver allows; for BF16, the best
product rate the matmul-ceilings lab measured; both with the copy bandwidth the memory-bandwidth
lab measured.
"""

from __future__ import annotations

import harness
from harness.telemetry import max_sm_clock

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "roofline"
NEEDS = ("copy_gbs", "bf16_tflops")
PROVIDES = ("fp32_tflops",)
COUNTERS = ("dram__bytes_read.sum", "sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
            "sm__inst_executed_pipe_tensor_op_gmma.sum", "sm__cycles_elapsed.avg.per_second", "gpu__time_duration.sum")
CHAINS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)  # FMAs per element
ROWS = tuple(2**k for k in range(0, 14))  # M of the M x 8192 x 8192 products
WIDTH = 8192
ELEMENTS = 2**28  # 1 GiB of float32
FP32_LANES = 128  # FP32 FMA units per Hopper SM (NVIDIA's H100 architecture whitepaper)


def fma_intensity(k: int) -> float:
    """FLOP per byte of the FMA chain: 2k FLOPs over 4 bytes read and 4 written."""
    return 2 * k / 8


def product_intensity(m: int, n: int = WIDTH, k: int = WIDTH, item: int = 2) -> float:
    """FLOP per byte of an (m x k)(k x n) product: 2mnk over both inputs read once and the output written."""
    return 2 * m * n * k / ((m * k + k * n + m * n) * item)


def roof_tflops(intensity: float, compute_tflops: float, bandwidth_gbs: float) -> float:
    """The roofline: the lower of the compute rate and what the bandwidth can feed."""
    return min(compute_tflops, intensity * bandwidth_gbs / 1000)


def fp32_rate(sms: int, clock_mhz: float) -> float:
    """TFLOPS of every FP32 lane doing one FMA (2 FLOPs) per cycle."""
    return sms * FP32_LANES * 2 * clock_mhz * 1e6 / 1e12


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


def cuda_core_series(ctx: harness.Context, compute: float, bw: float) -> harness.Series:
    import torch

    n = ELEMENTS // 8 if ctx.quick else ELEMENTS
    src, dst = harness.random(n), torch.empty(n, device="cuda")
    b, c = 0.999, 0.001
    series = harness.Series("cuda-cores", "FP32 FMA chain on CUDA cores", "arithmetic intensity", "FLOP/B",
                            "attained", "TFLOPS", scale="log2", model="fp32-roof")
    for k in CHAINS:
        launch = lambda k=k: _fma_chain[(n // 1024,)](src, dst, b, c, K=k, BLOCK=1024)  # noqa: E731
        launch()
        harness.check_close(f"FMA chain k={k}", dst[:2**20], chain_reference(src[:2**20], b, c, k), 1e-3)
        probe = f"FP32 chain k={k}" if k in (1, 1024) else None
        sample = ctx.measure(launch, probe=probe, series="cuda-cores", x=fma_intensity(k))
        series.add(fma_intensity(k), harness.Value.rate(sample, 2 * k * n, 1e-12),
                   predicted=roof_tflops(fma_intensity(k), compute, bw))
    return series


def tensor_core_series(ctx: harness.Context, compute: float, bw: float) -> harness.Series:
    import torch

    w = harness.random((WIDTH, WIDTH), torch.bfloat16)
    series = harness.Series("tensor-cores", "BF16 products M x 8192 x 8192", "arithmetic intensity", "FLOP/B",
                            "attained", "TFLOPS", scale="log2", model="bf16-roof")
    for m in ROWS[::3] if ctx.quick else ROWS:
        a = harness.random((m, WIDTH), torch.bfloat16)
        out = a @ w
        harness.check_close(f"bf16 product M={m}", out[:64], a[:64].double() @ w.double(), 1e-2)
        x = round(product_intensity(m), 2)
        probe = f"BF16 product M={m}" if m in (1, 128, 8192) else None
        sample = ctx.measure(lambda: torch.matmul(a, w, out=out), probe=probe, series="tensor-cores", x=x)
        series.add(x, harness.Value.rate(sample, 2 * m * WIDTH * WIDTH, 1e-12), predicted=roof_tflops(x, compute, bw))
    return series


def models(ctx: harness.Context, clock: float, copy: tuple, bf16: tuple) -> list[harness.Model]:
    b = harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2])
    return [harness.Model("fp32-roof", "The FP32 roofline", "rate = min(SMs x 128 lanes x 2 FLOP x f, I x B)",
                          (harness.Term("SMs", "multiprocessors", ctx.props["sm_count"], "count", "device"),
                           harness.Term("f", "highest SM clock the driver allows", clock, "MHz", "device"), b)),
            harness.Model("bf16-roof", "The BF16 tensor-core roofline", "rate = min(P, I x B)",
                          (harness.Term("P", "best BF16 product rate", bf16[0], "TFLOPS", bf16[1], bf16[2]), b))]


def run(ctx: harness.Context) -> harness.Result:
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    bf16 = ctx.calibrated("bf16_tflops", float(ctx.gpu["dense"]["bf16"]))
    clock = float(max_sm_clock() or 1980)
    fp32 = fp32_rate(ctx.props["sm_count"], clock)
    cores, tensor = cuda_core_series(ctx, fp32, copy[0]), tensor_core_series(ctx, bf16[0], copy[0])
    flat = max(cores.points, key=lambda p: p["y"])
    low, top = tensor.points[0], max(tensor.points, key=lambda p: p["y"])
    summary = [harness.from_point(f"FP32 chain at {cores.points[0]['x']} FLOP/B", cores, cores.points[0]["x"]),
               harness.from_point("FP32 chain, flat part (best)", cores, flat["x"]),
               harness.from_point("BF16 product, M = 1", tensor, low["x"]),
               harness.from_point("BF16 product, best M", tensor, top["x"])]
    hot = sum(1 for p in tensor.points if p.get("throttled"))
    finding = (f"The FP32 chain flattens at {flat['y']:.1f} TFLOPS ({flat['y'] / fp32:.0%} of its lanes at full clock); "
               f"BF16 products climb from {low['y']:.2f} TFLOPS at M = 1 (bandwidth-bound) to {top['y']:.0f} at "
               f"{top['x']:g} FLOP/B{f', {hot} of them under the power cap' if hot else ''}.")
    ceilings = [{"metric": "dense.fp32", "value": round(flat["y"], 2), "unit": "TFLOPS",
                 "how": "FP32 FMA chain on CUDA cores, best over intensities 0.25 to 256 FLOP/B"}]
    return harness.Result(parameters={"elements": ELEMENTS, "chains": list(CHAINS), "rows": list(ROWS), "width": WIDTH},
                          series=[cores, tensor], summary=summary, finding=finding, ceilings=ceilings,
                          models=models(ctx, clock, copy, bf16), calibration={"fp32_tflops": flat["y"]},
                          warmup=ctx.warmup)
