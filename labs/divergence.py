"""Warp divergence: the same work on branches that split warps, and on branches that do not.

What it measures: every thread runs one of P code paths (1 to 32), each a chain of 4,096 FP32
fused multiply-adds with its own constants. In the uniform kernel a path is chosen per warp (all
32 threads of a warp agree); in the divergent kernel it is chosen per thread (lane % P), so one
warp holds P paths. The work per thread is identical in both.
How: CUDA C compiled at run time through CuPy (a Triton program has no per-thread branches),
each thread's result checked against the closed form in float64, then sampled until the spread
is small; Nsight Compute counts the active threads per executed warp instruction.
Against what model: the FLOPs over the FP32 rate the roofline lab measured, times the passes a
warp makes: a warp runs its paths one after another with the other lanes masked off, so the
divergent kernel with P paths a warp should take P times as long, the uniform one the same.
"""

from __future__ import annotations

import harness

ID = "divergence"
NEEDS = ("fp32_tflops",)
COUNTERS = ("smsp__average_thread_inst_executed_per_inst_executed.ratio", "gpu__time_duration.sum",
            "sm__warps_active.avg.pct_of_peak_sustained_active")

STEPS = 4096
PATHS = (1, 2, 4, 8, 16, 32)


def constants(path: int) -> tuple[float, float]:
    """Path p's multiplier and addend: different for each path, so no two paths can be merged."""
    return 0.999 - path * 1e-5, 0.001 + path * 1e-5


def source(steps: int = STEPS) -> str:
    """Two kernels with 32 cases each, written out, since each path must be its own code.

    Each loop is unrolled 8 times, not fully: 32 fully unrolled chains of 4,096 FMAs would not
    fit the SM's instruction cache, and the uniform kernel would then be slowed by fetching
    instructions (5x, seen on an H200), which is not the effect this lab shows."""
    cases = "\n".join(f"    case {p}:\n#pragma unroll 8\n      for (int k = 0; k < {steps}; ++k) a = fmaf(a, {constants(p)[0]!r}f, "
                      f"{constants(p)[1]!r}f); break;" for p in range(32))
    body = "  float a = in[i];\n  switch (SELECT % paths) {\n" + cases + "\n  }\n  out[i] = a;\n"
    head = 'extern "C" __global__ void {name}(float* out, const float* in, int paths) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n'
    return "".join(head.format(name=name) + body.replace("SELECT", select) + "}\n"
                   for name, select in (("uniform", "(i / 32)"), ("divergent", "(i % 32)")))


def reference(x, paths: int, divergent: bool, steps: int = STEPS):
    """Each thread's result in float64, from the closed form of its path's chain."""
    import torch

    i = torch.arange(x.numel(), device=x.device)
    path = (i % 32 if divergent else i // 32) % paths
    # the constants as the kernel holds them: rounded to float32 first
    b = torch.tensor([constants(p)[0] for p in range(32)], device=x.device).double()[path]
    c = torch.tensor([constants(p)[1] for p in range(32)], device=x.device).double()[path]
    bk = b**steps
    return x.double() * bk + c * (bk - 1) / (b - 1)


def predicted_ms(threads: int, paths: int, peak_tflops: float, divergent: bool, steps: int = STEPS) -> float:
    passes = paths if divergent else 1
    return 2 * steps * threads * passes / (peak_tflops * 1e12) * 1e3


def kernels():
    try:
        import cupy
    except ImportError as exc:
        raise harness.NotAvailable("this lab compiles CUDA C through CuPy, which is not installed") from exc
    module = cupy.RawModule(code=source())
    return cupy, module.get_function("uniform"), module.get_function("divergent")


def run(ctx: harness.Context) -> harness.Result:
    import torch

    cupy, uniform, divergent = kernels()
    threads = ctx.props["sm_count"] * 2048 * (2 if ctx.quick else 8)
    x, out = harness.random(threads), torch.empty(threads, device="cuda")
    a_in, a_out = cupy.asarray(x), cupy.asarray(out)
    stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)
    fp32 = ctx.calibrated("fp32_tflops", float(ctx.gpu["dense"]["fp32"]))
    series = {}
    for name, kernel, is_div in (("uniform", uniform, False), ("divergent", divergent, True)):
        label = "path chosen per warp" if not is_div else "path chosen per thread (lane % P)"
        s = series[name] = harness.Series(name, label, "paths", "count", "time", "ms", scale="log2", model="passes")
        for paths in PATHS:
            def go(k=kernel, p=paths):
                with stream:
                    k((threads // 256,), (256,), (a_out, a_in, cupy.int32(p)))
            go()
            harness.check_close(f"{name}, {paths} paths", out, reference(x, paths, is_div), 1e-3)
            probe = f"{name}, {paths} paths" if paths in (1, 32) else None
            sample = ctx.measure(go, flush=False, probe=probe, series=name, x=paths)
            s.add(paths, harness.Value.time(sample), predicted=predicted_ms(threads, paths, fp32[0], is_div))
    return result(ctx, series, threads, fp32)


def result(ctx: harness.Context, series: dict[str, harness.Series], threads: int, fp32: tuple) -> harness.Result:
    summary = [harness.from_point(f"{name}, {x} paths", series[name], x)
               for name in ("uniform", "divergent") for x in (PATHS[0], PATHS[-1])]
    u, d = series["uniform"].at(32)["y"], series["divergent"].at(32)["y"]
    finding = (f"With 32 paths a warp, the divergent kernel takes {d:.2f} ms, {d / u:.0f}x the uniform kernel's "
               f"{u:.2f} ms for the same work: each warp runs its paths in turn.")
    model = harness.Model("passes", "Passes a warp makes", "t = passes x 2 x 4,096 FMA x threads / P; passes = P paths "
                          "for the divergent kernel, 1 for the uniform one",
                          (harness.Term("P", "FP32 rate", fp32[0], "TFLOPS", fp32[1], fp32[2]),))
    return harness.Result(parameters={"dtype": "float32", "threads": threads, "fma_per_thread": STEPS,
                                      "paths": list(PATHS)},
                          series=list(series.values()), summary=summary, finding=finding, models=[model],
                          l2_flushed=False, warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the threads per instruction Nsight Compute counted in each kernel."""
    from harness.counters import value

    u = value(counters, "uniform, 32 paths", "smsp__average_thread_inst_executed_per_inst_executed.ratio")
    d = value(counters, "divergent, 32 paths", "smsp__average_thread_inst_executed_per_inst_executed.ratio")
    if u is None or d is None:
        return result.finding
    return (f"{result.finding.split(':')[0]}: Nsight Compute counts {u:.1f} active threads per instruction in the "
            f"uniform kernel and {d:.1f} in the divergent one.")[:300]
