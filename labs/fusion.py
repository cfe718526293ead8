"""Fusion: a chain of elementwise operations, one kernel each against one kernel for all.

What it measures: out = tanh(x * a + b) * y + x over 2^28 float32 elements, run three ways:
eagerly in PyTorch (five kernels, each reading its inputs from memory and writing its output
back), compiled by torch.compile (Inductor fuses the chain into one generated Triton kernel),
and as one hand-written Triton kernel.
How: each version's output checked against the eager one, then timed as the harness does.
Against what model: bytes over the copy bandwidth the memory-bandwidth lab measured. Eager moves
12 arrays' worth (2 + 2 + 2 + 3 + 3: each op reads one or two arrays and writes one); fused
moves 3 (x and y read, out written), so the prediction is a 4x speed-up. Nsight Compute counts
the DRAM bytes each version really moved.
"""

from __future__ import annotations

import harness

try:
    import triton
    import triton.language as tl
except ImportError:  # the pure parts stay importable (tests, --list) where Triton is missing
    triton = tl = None

ID = "fusion"
NEEDS = ("copy_gbs",)
COUNTERS = ("dram__bytes_read.sum", "dram__bytes_write.sum", "gpu__time_duration.sum")

ELEMENTS = 2**28
# (arrays read, arrays written) by each eager kernel: x*a, +b, tanh, *y, +x
EAGER_OPS = ((1, 1), (1, 1), (1, 1), (2, 1), (2, 1))
FUSED_OPS = ((2, 1),)


def arrays_moved(ops: tuple[tuple[int, int], ...]) -> int:
    """Whole arrays read plus written, summed over the kernels."""
    return sum(r + w for r, w in ops)


def predicted_ms(ops: tuple[tuple[int, int], ...], elements: int, bandwidth_gbs: float, item: int = 4) -> float:
    return arrays_moved(ops) * elements * item / (bandwidth_gbs * 1e9) * 1e3


def chain(x, y, a: float, b: float):
    """The chain as a reader writes it in PyTorch: one kernel per operation when run eagerly."""
    import torch

    return torch.tanh(x * a + b) * y + x


if triton is not None:

    @triton.jit
    def _fused(x_ptr, y_ptr, out_ptr, a, b, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs)
        t = x * a + b
        e = tl.exp(-2.0 * tl.abs(t))  # tanh from exp, stable for large |t|
        th = tl.where(t >= 0, 1.0, -1.0) * (1.0 - e) / (1.0 + e)
        tl.store(out_ptr + offs, th * tl.load(y_ptr + offs) + x)


def versions(x, y, a: float, b: float) -> dict[str, object]:
    """The three ways to run the chain; torch.compile's is left out where this PyTorch cannot compile."""
    import torch

    out = torch.empty_like(x)

    def by_hand():
        _fused[(x.numel() // 1024,)](x, y, out, a, b, BLOCK=1024)
        return out

    runs = {"eager (5 kernels)": lambda: chain(x, y, a, b), "Triton, fused by hand": by_hand}
    try:
        compiled = torch.compile(chain, fullgraph=True)
        compiled(x, y, a, b)
        runs["torch.compile (1 kernel)"] = lambda: compiled(x, y, a, b)
    except Exception as exc:  # noqa: BLE001 - Inductor's many failure types; reported, not hidden
        print(f"      torch.compile unavailable here: {type(exc).__name__}: {exc}"[:200])
    return runs


def run(ctx: harness.Context) -> harness.Result:
    n = ELEMENTS // 8 if ctx.quick else ELEMENTS
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    x, y, a, b = harness.random(n), harness.random(n), 0.7, 0.1
    reference = chain(x.double(), y.double(), a, b)
    bars = harness.Series("versions", "the same chain, three ways", "version", "count", "time", "ms", scale="category",
                          model="bytes-over-bandwidth")
    for name, fn in versions(x, y, a, b).items():
        fn()
        harness.check_close(name, fn(), reference, 1e-5)
        ops = EAGER_OPS if name.startswith("eager") else FUSED_OPS
        bars.add(name, harness.Value.time(ctx.measure(fn, probe=name, series="versions", x=name)),
                 predicted=predicted_ms(ops, n, copy[0]))
    times = {p["x"]: p["y"] for p in bars.points}
    eager, fused = times["eager (5 kernels)"], min(v for k, v in times.items() if not k.startswith("eager"))
    summary = [harness.from_point(name, bars, name) for name in times]
    finding = (f"Fused, the chain runs in {fused:.2f} ms against {eager:.2f} ms eagerly, {eager / fused:.1f}x faster; "
               f"the bytes predict {arrays_moved(EAGER_OPS) / arrays_moved(FUSED_OPS):.0f}x.")
    model = harness.Model("bytes-over-bandwidth", "Bytes over bandwidth",
                          "time = arrays moved x elements x 4 B / B (eager: 12 arrays, fused: 3)",
                          (harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2]),))
    return harness.Result(parameters={"dtype": "float32", "elements": n, "expression": "tanh(x*a + b)*y + x"},
                          series=[bars], summary=summary, finding=finding, models=[model], warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the DRAM bytes each version moved, per element."""
    from harness.counters import value

    n = result.parameters["elements"]
    moved = {}
    for name in ("eager (5 kernels)", "Triton, fused by hand"):
        r, w = value(counters, name, "dram__bytes_read.sum"), value(counters, name, "dram__bytes_write.sum")
        if r is None or w is None:
            return result.finding
        moved[name] = (r + w) / n
    return (f"{result.finding} Nsight Compute counts {moved['eager (5 kernels)']:.0f} bytes of DRAM traffic per element "
            f"eagerly against {moved['Triton, fused by hand']:.0f} fused.")[:300]
