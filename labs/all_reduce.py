"""All-reduce: NCCL's bus bandwidth against message size, between two GPUs of one machine.

What it measures: torch.distributed's all_reduce (NCCL, one process per GPU) of float32
messages from 8 KiB to 2 GiB, reported as bus bandwidth: message size over time, times
2(n-1)/n, the factor nccl-tests uses so that the figure compares with one link's speed
whatever the number of GPUs.
How: every rank holds (rank + 1) x the same random tensor, so the sum is known exactly; one
all-reduce is checked against it, then each size is timed with CUDA events on rank 0 after a
barrier, the median of the harness's repeats.
Against what ceiling: one direction of the GPU's link (data/gpus.yml's interconnect_gbs counts
both directions, so half of it). Small messages are bound by latency, not bandwidth.
"""

from __future__ import annotations

import os
import socket

import harness

ID = "all-reduce"

SIZES = tuple(2**k for k in range(13, 32, 2))  # 8 KiB .. 2 GiB


def bus_factor(world: int) -> float:
    """Ring all-reduce moves 2(n-1)/n of the message over each link."""
    return 2 * (world - 1) / world


def bus_gbs(size: int, ms: float, world: int) -> float:
    return size / (ms * 1e-3) / 1e9 * bus_factor(world)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _time_sizes(rank: int, world: int, sizes: tuple[int, ...], repeats: int) -> list[float]:
    """Per size, the median milliseconds of one all-reduce (measured on every rank, kept on 0)."""
    import torch
    import torch.distributed as dist

    times = []
    for size in sizes:
        torch.manual_seed(size)
        base = torch.randn(size // 4, device="cuda")
        x = base * (rank + 1)
        dist.all_reduce(x)
        torch.cuda.synchronize()
        expected = base * sum(range(1, world + 1))
        if not torch.allclose(x, expected, rtol=1e-6, atol=1e-6):
            raise harness.CheckFailed(f"all-reduce of {size} B: wrong sum on rank {rank}")
        runs = []
        for _ in range(repeats + 3):
            dist.barrier()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            dist.all_reduce(x)
            end.record()
            torch.cuda.synchronize()
            runs.append(start.elapsed_time(end))
        times.append(harness.median(runs[3:]))
    return times


def _worker(rank: int, world: int, port: int, sizes: tuple[int, ...], repeats: int, queue) -> None:
    import torch
    import torch.distributed as dist

    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world,
                            device_id=torch.device("cuda", rank))
    try:
        times = _time_sizes(rank, world, sizes, repeats)
        if rank == 0:
            queue.put(("ok", times))
    except Exception as exc:  # noqa: BLE001 - handed to the parent, which decides
        queue.put(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        dist.destroy_process_group()


def measure(world: int, sizes: tuple[int, ...], repeats: int) -> list[float]:
    import torch.multiprocessing as mp

    os.environ.setdefault("NCCL_NVLS_ENABLE", "0")  # never multicast: KINDS.md says why
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    port = _free_port()  # one rendezvous for every rank
    procs = [ctx.Process(target=_worker, args=(r, world, port, sizes, repeats, queue)) for r in range(world)]
    for p in procs:
        p.start()
    status, payload = queue.get(timeout=600)
    for p in procs:
        p.join(timeout=120)
    if status != "ok":
        raise harness.CheckFailed(payload)
    return payload


def run(ctx: harness.Context) -> harness.Result:
    world = 2
    link = ctx.gpu.get("interconnect_gbs")
    ceiling = link / 2 if link else None
    sizes = SIZES[::2] if ctx.quick else SIZES
    times = measure(world, sizes, ctx.repeats)
    series = harness.Series("bus", f"all_reduce, float32, {world} GPUs", "message size", "MiB", "bus bandwidth",
                            "GB/s", scale="log2")
    for size, ms in zip(sizes, times):
        series.add(round(size / 2**20, 6), bus_gbs(size, ms, world), ceiling)
    small, big = series.points[0], max(series.points, key=lambda p: p["y"])
    summary = [harness.summary_row(f"{p['x']:g} MiB message", p["y"], ceiling, "GB/s") for p in (small, big)]
    link_text = f", {big['y'] / ceiling:.0%} of one direction of the {ctx.gpu.get('interconnect', 'link')}" if ceiling else ""
    finding = (f"Between 2 GPUs the all-reduce reaches {big['y']:.0f} GB/s of bus bandwidth at {big['x']:g} MiB"
               f"{link_text}; a {sizes[0] // 2**10} KiB message gets {small['y']:.2f} GB/s.")
    return harness.Result(parameters={"dtype": "float32", "world_size": world, "backend": "nccl",
                                      "sizes": list(sizes), "nccl_nvls_enable": os.environ.get("NCCL_NVLS_ENABLE")},
                          series=[series], summary=summary, finding=finding, l2_flushed=False,
                          repeats=ctx.repeats, warmup=3, gpu_count=world)
