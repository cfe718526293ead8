"""Matmul ceilings: the best dense matrix-product rate per precision, over a search of shapes.

What it measures: C = A @ B through the vendor's library (cuBLAS, via PyTorch) in FP32 on the
CUDA cores, TF32, FP16, BF16, FP8 (torch._scaled_mm, per-tensor scales, BF16 out) and INT8
(torch._int_mm) on the tensor cores, each over a handful of large shapes; the best shape's rate
is this GPU's measured ceiling for that precision, as ml-engineering's MAMF finder does for one.
How: the GPU idles 2 s before each precision, so that none inherits the last one's heat and
lower clocks (an H200's SM clock read 1,470 MHz just after the roofline lab's products, against
1,980 under lighter load); random inputs (never zeros: a product of zeros ran 13% faster on an H200), each product
checked on its first rows against a float64 reference, then timed as the harness does.
Against what model: the vendor's dense peak per precision (data/gpus.yml, dense.*) is quoted at
the highest SM clock; the model scales it by the clock the telemetry sampled while the product
ran, so a product slowed by the power cap is predicted slower. Nsight Compute names each
precision's kernel and counts its Hopper warpgroup (wgmma) instructions: INT8 through
torch._int_mm runs a kernel written for the previous generation's tensor cores (none), so its
rate is shown but withheld from this GPU's ceilings.
"""

from __future__ import annotations

import time
from typing import Any

import harness

ID = "matmul-ceilings"
PROVIDES = ("bf16_tflops", "fp16_tflops", "fp8_tflops", "tf32_tflops")
COUNTERS = ("sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_active",
            "sm__pipe_tensor_op_imma_cycles_active.avg.pct_of_peak_sustained_active",
            "sm__inst_executed_pipe_tensor_op_gmma.sum", "sm__cycles_elapsed.avg.per_second", "gpu__time_duration.sum")
PROBE_SHAPE = (8192, 8192, 8192)

SHAPES = ((4096, 4096, 4096), (6144, 6144, 6144), (8192, 8192, 8192), (8192, 8192, 16384),
          (16384, 8192, 8192), (12288, 12288, 12288), (16384, 16384, 16384))  # (M, N, K)
PRECISIONS = ("fp32", "tf32", "fp16", "bf16", "fp8", "int8")
SLOW = ("fp32", "tf32")  # the largest shapes take too long to repeat on the slower units
PAUSE_S = 2.0  # idle before each precision: each starts from a rested GPU, not one hot from the last
TOLERANCE = {"fp32": 1e-4, "tf32": 3e-3, "fp16": 1e-2, "bf16": 1e-2, "fp8": 1e-2, "int8": 0.0}


def flops(m: int, n: int, k: int) -> int:
    """A product of (m x k) and (k x n) does m*n*k multiply-adds: 2mnk operations."""
    return 2 * m * n * k


def shapes_for(precision: str, quick: bool) -> tuple[tuple[int, int, int], ...]:
    shapes = SHAPES[:4] if precision in SLOW else SHAPES
    return shapes[:2] if quick else shapes


def unit_for(precision: str) -> str:
    return "TOPS" if precision == "int8" else "TFLOPS"


def operands(precision: str, m: int, n: int, k: int) -> tuple[Any, Any, Any]:
    """Inputs and the product function for one precision, with a float64 reference of row 0..63."""
    import torch

    if precision == "int8":
        a = torch.randint(-127, 128, (m, k), device="cuda", dtype=torch.int8)
        b = torch.randint(-127, 128, (n, k), device="cuda", dtype=torch.int8).t()  # column-major, as for FP8
        return a, b, lambda: torch._int_mm(a, b)
    if precision == "fp8":
        a = harness.random((m, k)).to(torch.float8_e4m3fn)
        b = harness.random((n, k)).to(torch.float8_e4m3fn).t()  # column-major, as cuBLASLt wants
        one = torch.ones((), device="cuda")
        return a, b, lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    dtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[precision]
    a, b = harness.random((m, k), dtype), harness.random((k, n), dtype)
    return a, b, lambda: a @ b


def measure(ctx: harness.Context, precision: str, shape: tuple[int, int, int]) -> harness.Value:
    """Rate of one precision at one shape, in TFLOPS (TOPS for INT8), after checking it."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = precision == "tf32"
    a, b, product = operands(precision, *shape)
    out = product()
    ref = a[:64].double() @ b.double()
    if precision == "int8":
        harness.check_equal("int8 product", out[:64].double(), ref)
    else:
        harness.check_close(f"{precision} product {shape}", out[:64], ref, TOLERANCE[precision])
    probe = precision if shape == PROBE_SHAPE else None
    sample = ctx.measure(product, probe=probe, series="best", x=precision)
    return harness.Value.rate(sample, flops(*shape), 1e-12)


def clock_scaled(peak: float, value: harness.Value, top_mhz: float) -> float:
    """The vendor's peak at the SM clock the product ran at (the middle of the sampled range)."""
    if not value.telemetry:
        return peak
    low, high = value.telemetry["sm_mhz"]
    return peak * min(1.0, (low + high) / 2 / top_mhz)


def model(dense: dict, top_mhz: float) -> harness.Model:
    terms = [harness.Term("f_max", "highest SM clock the driver allows", top_mhz, "MHz", "device")]
    terms += [harness.Term(f"P_{p}", f"vendor's dense {p.upper()} peak", float(dense[p]), unit_for(p), "vendor")
              for p in PRECISIONS if dense.get(p)]
    return harness.Model("clock-scaled-peak", "The peak at the clock it ran at",
                         "rate = P x f / f_max, f the SM clock sampled while the product ran", tuple(terms))


def best_of(ctx: harness.Context, precision: str) -> tuple[tuple[int, int, int], harness.Value, int] | str:
    """The best shape and its value, or why the precision cannot run here."""
    try:
        rates = {shape: measure(ctx, precision, shape) for shape in shapes_for(precision, ctx.quick)}
    except RuntimeError as exc:  # a precision this GPU or PyTorch lacks (FP8 before Hopper)
        return str(exc).splitlines()[0][:160]
    shape, best = max(rates.items(), key=lambda item: item[1].y)
    return shape, best, len(rates)


def run(ctx: harness.Context) -> harness.Result:
    from harness.telemetry import max_sm_clock

    dense, top = ctx.gpu.get("dense", {}), float(max_sm_clock() or 1980)
    bars = harness.Series("best", "best over shapes", "precision", "count", "rate", "TFLOPS", scale="category",
                          model="clock-scaled-peak")
    summary, ceilings, best_shapes, skipped, calibration = [], [], {}, {}, {}
    for precision in PRECISIONS:
        time.sleep(PAUSE_S)
        found = best_of(ctx, precision)
        if isinstance(found, str):
            skipped[precision] = found
            continue
        shape, best, count = found
        best_shapes[precision] = "x".join(map(str, shape))
        peak = dense.get(precision)
        predicted = clock_scaled(float(peak), best, top) if peak and precision != "int8" else None
        bars.add(precision, best, predicted=predicted, bound=peak if predicted is None else None)
        summary.append(harness.from_point(f"{precision}, best of {count} shapes", bars, precision, unit_for(precision)))
        ceilings.append({"metric": f"dense.{precision}", "value": round(best.y, 1), "unit": unit_for(precision),
                         "how": f"torch matmul, best of {count} shapes ({best_shapes[precision]}, MxNxK)"})
        calibration[f"{precision}_tflops"] = best.y
    torch_reset()
    bf16 = bars.at("bf16")
    finding = (f"BF16 products reach {bf16['y']:.0f} TFLOPS, {bf16['y'] / float(dense['bf16']):.0%} of the vendor's dense "
               f"peak and {bf16['y'] / bf16['predicted']:.0%} of it at the clock they ran at.")
    return harness.Result(parameters={"shapes": [list(s) for s in SHAPES], "best_shapes": best_shapes,
                                      "library": "cuBLAS via torch", "skipped": skipped},
                          series=[bars], summary=summary, finding=finding, ceilings=ceilings,
                          models=[model(dense, top)], calibration={k: v for k, v in calibration.items()
                                                                    if k.split("_")[0] != "int8"}, warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """Withhold INT8 from the ceilings when its kernel issues no wgmma on a Hopper GPU, saying so."""
    from harness.counters import kernel_names, value

    gmma = value(counters, "int8", "sm__inst_executed_pipe_tensor_op_gmma.sum")
    bf16_gmma = value(counters, "bf16", "sm__inst_executed_pipe_tensor_op_gmma.sum")
    if gmma == 0 and bf16_gmma:
        name = (kernel_names(counters, "int8") or ["its kernel"])[0]
        ceiling = next(c for c in result.ceilings if c["metric"] == "dense.int8")
        result.ceilings.remove(ceiling)
        result.withheld.append({"metric": "dense.int8", "value": ceiling["value"], "unit": "TOPS",
                                "reason": f"torch._int_mm ran {name[:60]}, which issues no Hopper wgmma instructions "
                                          "(Nsight Compute): an older generation's kernel, not this GPU's INT8 ceiling"})
        return (f"{result.finding} INT8's kernel issues no wgmma instructions where BF16's issues "
                f"{bf16_gmma:,.0f}, so its rate is withheld from the ceilings.")[:300]
    return result.finding


def torch_reset() -> None:
    """Leave TF32 as PyTorch's default, so the next lab runs in the state a user would have."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
