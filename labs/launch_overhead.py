"""Launch overhead: many small kernels launched one by one, and replayed as a CUDA graph.

What it measures: the time per kernel of a loop of in-place additions on a 4 KiB tensor, each
its own kernel, launched eagerly from Python and then captured once as a CUDA graph and
replayed. Batches of 10 to 1,000 kernels.
How: CUDA events around each batch, sampled until the spread is small, divided by the count;
and a profiler trace of 20 kernels each way, kept with the record, that shows where the time
goes: on the host, each launch passes through Python and PyTorch's dispatcher before the driver
queues it; in a graph, one launch queues them all.
Against what model: a fixed cost per kernel. Eagerly, the host's: the time Python takes to issue
one add, read by the host clock around a loop of them (the GPU finishes each 4 KiB add in far
less, then waits for the next). Replayed as a graph, the GPU's: the interval between successive
kernels of a replay, read from its trace, plus, once per replay, what a replay costs beyond its
kernels: a one-kernel graph's replay, timed apart, less one interval. The bytes (8 KiB over the copy bandwidth, about 2 ns) are no
part of either. The traces are taken after the timings: a profiled process launches slower.
"""

from __future__ import annotations

import harness
from harness import traces

ID = "launch-overhead"
PROVIDES = ("launch_us", "graph_us")
COUNTERS = ("gpu__time_duration.sum", "sm__cycles_elapsed.avg.per_second")

ELEMENTS = 1024
BATCHES = (10, 100, 1000)
TRACED = 20


def kernel_bytes(elements: int = ELEMENTS, item: int = 4) -> int:
    """An in-place add reads each element and writes it back."""
    return 2 * elements * item


def adds(x, count: int):
    def batch():
        for _ in range(count):
            x.add_(1.0)
    return batch


def graph_of(batch):
    import torch

    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        batch()
    return graph


def per_kernel(ctx: harness.Context, count: int) -> tuple[harness.Value, harness.Value]:
    """Microseconds per kernel for one batch size, eager then graph, after checking both."""
    x = harness.random(ELEMENTS)
    start = x.clone()
    batch = adds(x, count)
    batch()
    harness.check_close(f"{count} eager adds", x, start + count, 1e-6)
    eager = harness.Value.time(ctx.measure(batch, flush=False, probe=f"eager, {count}" if count == 10 else None), 1e3 / count)
    graph = graph_of(batch)
    before = x.clone()
    graph.replay()
    harness.check_close(f"{count} adds as a graph", x, before + count, 1e-6)
    replayed = harness.Value.time(ctx.measure(graph.replay, flush=False,
                                              probe=f"graph, {count}" if count == 10 else None), 1e3 / count)
    return eager, replayed


def host_issue_us(count: int = 1000, repeats: int = 9) -> float:
    """Microseconds the host takes to issue one add, by the host clock, median of `repeats` loops."""
    import time

    import torch

    x = harness.random(ELEMENTS)
    batch, times = adds(x, count), []
    for _ in range(repeats):
        torch.cuda.synchronize()
        start = time.perf_counter()
        batch()
        times.append((time.perf_counter() - start) / count * 1e6)
    torch.cuda.synchronize()
    return harness.median(times)


def one_kernel_replay_us(ctx: harness.Context) -> float:
    """Microseconds to replay a graph of one add: the fixed cost of a replay and one kernel."""
    graph = graph_of(adds(harness.random(ELEMENTS), 1))
    graph.replay()
    return ctx.measure(graph.replay, flush=False).ms * 1e3


def timelines(ctx: harness.Context) -> tuple[list[harness.Trace], float]:
    """Traces of 20 adds each way, and the graph's kernel interval (µs)."""
    x = harness.random(ELEMENTS)
    batch = adds(x, TRACED)
    batch()
    graph = graph_of(batch)
    graph.replay()
    kept = [ctx.trace("eager", f"{TRACED} adds launched one by one from Python", batch),
            ctx.trace("graph", f"the same {TRACED} adds replayed as one CUDA graph", graph.replay)]
    if None in kept:  # the counters pass keeps no traces
        return [], 1.0
    gpu = traces.kernel_interval_us(traces.decode(kept[1].data))
    if gpu is None:
        raise harness.CheckFailed("the profiler's trace holds no graph replay to read the model from")
    return kept, gpu


def run(ctx: harness.Context) -> harness.Result:
    host_us = host_issue_us()
    eager = harness.Series("eager", "launched one by one from Python", "kernels in the batch", "kernels",
                           "time per kernel", "us", scale="log10", model="fixed-cost")
    graph = harness.Series("graph", "replayed as one CUDA graph", "kernels in the batch", "kernels",
                           "time per kernel", "us", scale="log10", model="fixed-cost")
    measured = [(count, *per_kernel(ctx, count)) for count in BATCHES]
    replay_us = one_kernel_replay_us(ctx)
    kept, graph_us = timelines(ctx)
    latency_us = max(0.0, replay_us - graph_us)
    for count, e, g in measured:
        eager.add(count, e, predicted=host_us)
        graph.add(count, g, predicted=graph_us + latency_us / count)
    e, g = eager.at(BATCHES[-1])["y"], graph.at(BATCHES[-1])["y"]
    summary = [harness.from_point("eager, per kernel (1,000 in a row)", eager, BATCHES[-1]),
               harness.from_point("CUDA graph, per kernel (1,000 in a row)", graph, BATCHES[-1])]
    finding = (f"Each 4 KiB add costs {e:.1f} µs launched from Python and {g:.2f} µs replayed in a CUDA graph, "
               f"{e / g:.1f}x less: the host takes {host_us:.1f} µs to issue each one, and the GPU waits for it.")
    model = harness.Model("fixed-cost", "A fixed cost per kernel",
                          "time per kernel = h eagerly; g + l / kernels in a graph (the bytes take about 2 ns)",
                          (harness.Term("h", "host time to issue one add (host clock)", host_us, "us", "measured", ID),
                           harness.Term("g", "interval between kernels in a replayed graph (trace)", graph_us, "us",
                                        "measured", ID),
                           harness.Term("l", "a one-kernel graph's replay less one interval", latency_us, "us",
                                        "measured", ID)))
    return harness.Result(parameters={"dtype": "float32", "elements": ELEMENTS, "batches": list(BATCHES),
                                      "traced_kernels": TRACED},
                          series=[eager, graph], summary=summary, finding=finding, models=[model], traces=kept,
                          calibration={"launch_us": e, "graph_us": g}, l2_flushed=False, warmup=ctx.warmup)
