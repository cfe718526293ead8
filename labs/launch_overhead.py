"""Launch overhead: many small kernels launched one by one, and replayed as a CUDA graph.

What it measures: the time per kernel of a loop of in-place additions on a 4 KiB tensor, each
its own kernel, launched eagerly from Python and then captured once as a CUDA graph and
replayed. Batches of 10 to 1,000 kernels.
How: CUDA events around each batch, the median of the harness's repeats, divided by the count.
Against what ceiling: the kernel's bytes over the vendor's bandwidth, a few nanoseconds. What
the clock shows beyond that is overhead: Python, the framework and the launch itself; a graph
removes the first two and shrinks the third.
"""

from __future__ import annotations

import harness

ID = "launch-overhead"

ELEMENTS = 1024
BATCHES = (10, 100, 1000)


def kernel_bytes(elements: int = ELEMENTS, item: int = 4) -> int:
    """An in-place add reads each element and writes it back."""
    return 2 * elements * item


def predicted_us(bandwidth_gbs: float) -> float:
    return kernel_bytes() / (bandwidth_gbs * 1e9) * 1e6


def eager_and_graph(ctx: harness.Context, count: int) -> tuple[float, float]:
    """Microseconds per kernel for one batch size, eager then graph, after checking both."""
    import torch

    x = harness.random(ELEMENTS)
    start = x.clone()

    def batch():
        for _ in range(count):
            x.add_(1.0)

    batch()
    harness.check_close(f"{count} eager adds", x, start + count, 1e-6)
    eager = harness.time_ms(ctx, batch, flush=False) / count
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        batch()
    before = x.clone()
    graph.replay()
    harness.check_close(f"{count} adds as a graph", x, before + count, 1e-6)
    replayed = harness.time_ms(ctx, graph.replay, flush=False) / count
    return eager * 1e3, replayed * 1e3


def run(ctx: harness.Context) -> harness.Result:
    floor = predicted_us(float(ctx.gpu["memory_bandwidth_gbs"]))
    eager = harness.Series("eager", "launched one by one from Python", "kernels in the batch", "kernels",
                           "time per kernel", "us", scale="log10")
    graph = harness.Series("graph", "replayed as one CUDA graph", "kernels in the batch", "kernels",
                           "time per kernel", "us", scale="log10")
    for count in BATCHES:
        e, g = eager_and_graph(ctx, count)
        eager.add(count, e, floor)
        graph.add(count, g, floor)
    e, g = eager.points[-1]["y"], graph.points[-1]["y"]
    summary = [harness.summary_row("eager, per kernel (1,000 in a row)", e, floor, "us"),
               harness.summary_row("CUDA graph, per kernel (1,000 in a row)", g, floor, "us")]
    finding = (f"Each 4 KiB add costs {e:.1f} us launched from Python and {g:.1f} us replayed in a CUDA graph, "
               f"{e / g:.1f}x less; its bytes alone would take {floor * 1e3:.0f} ns.")
    return harness.Result(parameters={"dtype": "float32", "elements": ELEMENTS, "batches": list(BATCHES)},
                          series=[eager, graph], summary=summary, finding=finding, l2_flushed=False,
                          repeats=ctx.repeats, warmup=ctx.warmup)
