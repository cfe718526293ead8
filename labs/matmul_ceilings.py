"""Matmul ceilings: the best dense matrix-product rate per precision, over a search of shapes.

What it measures: C = A @ B through the vendor's library (cuBLAS, via PyTorch) in FP32 on the
CUDA cores, TF32, FP16, BF16, FP8 (torch._scaled_mm, per-tensor scales, BF16 out) and INT8
(torch._int_mm) on the tensor cores, each over a handful of large shapes; the best shape's rate
is this GPU's measured ceiling for that precision, as ml-engineering's MAMF finder does for one.
How: the GPU idles 2 s before each precision, so that none inherits the last one's heat and
lower clocks (an H200's SM clock read 1,470 MHz just after the roofline lab's products, against
1,980 under lighter load); random inputs (never zeros: a product of zeros ran 13% faster on an H200), each product
checked on its first rows against a float64 reference, then timed as the harness does.
Against what ceiling: the vendor's dense peak per precision (data/gpus.yml, dense.*).
"""

from __future__ import annotations

import time
from typing import Any

import harness

ID = "matmul-ceilings"

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


def measure(ctx: harness.Context, precision: str, shape: tuple[int, int, int]) -> float:
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
    ms = harness.time_ms(ctx, product)
    return flops(*shape) / (ms * 1e-3) / 1e12


def run(ctx: harness.Context) -> harness.Result:
    dense = ctx.gpu.get("dense", {})
    bars = harness.Series("best", "best over shapes", "precision", "count", "rate", "TFLOPS", scale="category")
    summary, ceilings, best_shapes, skipped = [], [], {}, {}
    for precision in PRECISIONS:
        time.sleep(PAUSE_S)
        try:
            rates = {shape: measure(ctx, precision, shape) for shape in shapes_for(precision, ctx.quick)}
        except RuntimeError as exc:  # a precision this GPU or PyTorch lacks (FP8 before Hopper)
            skipped[precision] = str(exc).splitlines()[0][:160]
            continue
        shape, best = max(rates.items(), key=lambda item: item[1])
        best_shapes[precision] = "x".join(map(str, shape))
        peak = dense.get(precision)
        bars.add(precision, best, peak)
        summary.append(harness.summary_row(f"{precision}, best of {len(rates)} shapes", best, peak, unit_for(precision)))
        ceilings.append({"metric": f"dense.{precision}", "value": round(best, 1), "unit": unit_for(precision),
                         "how": f"torch matmul, best of {len(rates)} shapes ({best_shapes[precision]}, MxNxK)"})
    torch_reset()
    share = {row["what"].split(",")[0]: row["measured"] / row["predicted"] for row in summary if row["predicted"]}
    bf16 = next(row["measured"] for row in summary if row["what"].startswith("bf16"))
    finding = (f"BF16 products reach {bf16:.0f} TFLOPS, {share['bf16']:.0%} of the vendor's dense peak; "
               f"across precisions the best shapes reach {min(share.values()):.0%} to {max(share.values()):.0%} of theirs.")
    return harness.Result(parameters={"shapes": [list(s) for s in SHAPES], "best_shapes": best_shapes,
                                      "library": "cuBLAS via torch", "skipped": skipped},
                          series=[bars], summary=summary, finding=finding, ceilings=ceilings,
                          repeats=ctx.repeats, warmup=ctx.warmup)


def torch_reset() -> None:
    """Leave TF32 as PyTorch's default, so the next lab runs in the state a user would have."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
