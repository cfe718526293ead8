"""All-reduce: NCCL's bus bandwidth against message size, between two GPUs of one machine.

What it measures: torch.distributed's all_reduce (NCCL, one process per GPU, every GPU of the
machine) of float32 messages from 8 KiB to 2 GiB, reported as bus bandwidth: message size over
time, times 2(n-1)/n, the factor nccl-tests uses so that the figure compares with one link's
speed whatever the number of GPUs.
How: every rank holds (rank + 1) x the same random tensor, so the sum is known exactly; one
all-reduce is checked against it; then, as nccl-tests does, each sample times 20 calls back to
back with CUDA events (so a barrier's or the host's cost stays out), at least 10 samples a size.
NVLink multicast is kept off (NCCL_NVLS_ENABLE=0), as the machines this runs on require.
Against what model: alpha-beta, t = a + S / b: a, the time of the smallest message, is the
collective's fixed cost; b, the bus rate of the largest, its bandwidth; the sizes between are
predicted from the two. One direction of the GPU's link is the bound.
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


CALLS = 20  # all-reduces per timed sample
SAMPLES = 12


def alpha_beta_ms(size: int, alpha_ms: float, beta_gbs: float, world: int) -> float:
    """t = a + S x 2(n-1)/n / b: the fixed cost plus the bus bytes over the bus rate."""
    return alpha_ms + size * bus_factor(world) / (beta_gbs * 1e9) * 1e3


def _time_sizes(rank: int, world: int, sizes: tuple[int, ...], repeats: int) -> list[list[float]]:
    """Per size, the milliseconds of one all-reduce in each sample (measured on every rank, kept on 0)."""
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
        for _ in range(repeats + 2):
            dist.barrier()
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(CALLS):
                dist.all_reduce(x)
            end.record()
            torch.cuda.synchronize()
            runs.append(start.elapsed_time(end) / CALLS)
        times.append(runs[2:])
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


def measure(world: int, sizes: tuple[int, ...], repeats: int) -> list[list[float]]:
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
    import torch

    world = torch.cuda.device_count()
    link = ctx.gpu.get("interconnect_gbs")
    sizes = SIZES[::2] if ctx.quick else SIZES
    if ctx.counters_pass:
        raise harness.NotAvailable("counters are not read across processes")
    samples = [harness.Sample.of(t) for t in measure(world, sizes, 3 if ctx.quick else SAMPLES)]
    alpha, beta = samples[0].ms, bus_gbs(sizes[-1], samples[-1].ms, world)
    series = harness.Series("bus", f"all_reduce, float32, {world} GPUs", "message size", "MiB", "bus bandwidth",
                            "GB/s", scale="log2", model="alpha-beta")
    for size, sample in zip(sizes, samples):
        series.add(round(size / 2**20, 6), harness.Value.rate(sample, size * bus_factor(world), 1e-9),
                   predicted=bus_gbs(size, alpha_beta_ms(size, alpha, beta, world), world))
    small, big = series.points[0], series.points[-1]
    summary = [harness.from_point(f"{p['x']:g} MiB message", series, p["x"]) for p in (small, big)]
    finding = (f"Between {world} GPUs the all-reduce reaches {big['y']:.0f} GB/s of bus bandwidth at {big['x']:g} MiB; "
               f"a {sizes[0] // 2**10} KiB message takes {alpha * 1e3:.0f} µs, its fixed cost.")
    model = harness.Model("alpha-beta", "A fixed cost plus bytes over the bus rate", "t = a + S x 2(n-1)/n / b",
                          (harness.Term("a", "time of the smallest message", alpha * 1e3, "us", "measured", ID),
                           harness.Term("b", "bus rate of the largest message", beta, "GB/s", "measured", ID)))
    return harness.Result(parameters={"dtype": "float32", "world_size": world, "backend": "nccl", "sizes": list(sizes),
                                      "calls_per_sample": CALLS, "link_gbs_each_way": link / 2 if link else None,
                                      "nccl_nvls_enable": os.environ.get("NCCL_NVLS_ENABLE")},
                          series=[series], summary=summary, finding=finding, models=[model], l2_flushed=False,
                          warmup=2, gpu_count=world)
