"""Host to device: copies between CPU memory and the GPU, from pageable and from pinned memory.

What it measures: host-to-device and device-to-host copies of 64 KiB to 1 GiB, from ordinary
(pageable) host memory and from page-locked (pinned) memory.
How: CUDA events around each sample, sampled until the spread is small, a sample being as many
back-to-back copies as make 256 MiB (one for the larger sizes), as nccl-tests times small messages; every copy checked by
comparing what arrived with what was sent; a profiler trace of one 64 MiB copy each way from
pinned and from pageable memory, kept with the record.
Against what model: a fixed cost plus bytes over the link, t = a + S / L, where a is the time of a
4 KiB pinned copy and L the PCIe link's line rate as the driver reports the link (16 lanes of
PCIe 5.0 carry about 63 GB/s each way before protocol overhead). A pageable copy also passes
through a pinned staging buffer the driver copies it into (or out of) with the CPU, so its
model adds S / M, M being one CPU thread's memcpy bandwidth, measured here.
"""

from __future__ import annotations

import time

import harness

ID = "host-device"
COUNTERS: tuple[str, ...] = ()  # copies are the copy engines' work: no kernels for ncu to read
SIZES = tuple(2**k for k in range(16, 31, 2))  # 64 KiB .. 1 GiB
GT_PER_LANE = {1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0}  # GT/s per lane, by generation
TRACE_BYTES = 64 * 2**20
SAMPLE_BYTES = 256 * 2**20


def copies_per_sample(size: int) -> int:
    """Back-to-back copies in one timed sample: enough that a small copy's timing noise averages out."""
    return max(1, SAMPLE_BYTES // size)


def link_gbs(generation: int, width: int) -> float:
    """One direction of a PCIe link in GB/s: lanes x transfers, less the line encoding."""
    encoding = 0.8 if generation <= 2 else 128 / 130
    return GT_PER_LANE[generation] * width * encoding / 8


def read_link() -> tuple[int, int] | None:
    """The link's current generation and width as the driver reports them, or None."""
    line = harness.smi(["pcie.link.gen.current", "pcie.link.width.current"])
    try:
        gen, width = (int(v) for v in (line or "").split(","))
    except ValueError:
        return None
    return (gen, width) if gen in GT_PER_LANE and width > 0 else None


def model_gbs(size: int, fixed_ms: float, link: float, memcpy: float | None) -> float:
    """Bytes over the modelled time: a + S / L (+ S / M through the staging buffer)."""
    ms = fixed_ms + size / (link * 1e9) * 1e3 + (size / (memcpy * 1e9) * 1e3 if memcpy else 0.0)
    return size / (ms * 1e-3) / 1e9


def host_memcpy_gbs(size: int = 256 * 2**20) -> float:
    """One CPU thread's memcpy bandwidth (bytes copied per second), best of five by the host clock."""
    import numpy as np

    src = np.random.default_rng(0).random(size // 8)
    dst = np.empty_like(src)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        np.copyto(dst, src)
        best = min(best, time.perf_counter() - start)
    return size / best / 1e9


def buffers(size: int, pinned: bool):
    import torch

    host = harness.random(size // 4, device="cpu")
    host = host.pin_memory() if pinned else host
    dev = torch.empty(size // 4, device="cuda")
    back = torch.empty_like(host).pin_memory() if pinned else torch.empty_like(host)
    return host, dev, back


def copy_fn(size: int, pinned: bool, to_device: bool):
    """`copies_per_sample(size)` copies, after checking a round trip of the same buffers."""
    import torch

    host, dev, back = buffers(size, pinned)
    dev.copy_(host)
    back.copy_(dev)
    torch.cuda.synchronize()
    harness.check_equal("round trip", back, host)
    one = (lambda: dev.copy_(host, non_blocking=pinned)) if to_device else (lambda: back.copy_(dev, non_blocking=pinned))
    count = copies_per_sample(size)

    def copies():
        for _ in range(count):
            one()
    return copies


def kind(pinned: bool, to_device: bool) -> str:
    return f"{'pinned' if pinned else 'pageable'}, {'host to device' if to_device else 'device to host'}"


def measure_series(ctx: harness.Context, sizes, fixed_ms: float, link: float, memcpy: float) -> list[harness.Series]:
    series = []
    for pinned in (True, False):
        for to_device in (True, False):
            label = kind(pinned, to_device)
            s = harness.Series(label.replace(", ", "-").replace(" ", "-"), label, "copy size", "MiB", "bandwidth",
                               "GB/s", scale="log2", model="link" if pinned else "staged")
            for size in sizes:
                sample = ctx.measure(copy_fn(size, pinned, to_device), flush=False)
                s.add(round(size / 2**20, 4), harness.Value.rate(sample, size * copies_per_sample(size), 1e-9),
                      predicted=model_gbs(size, fixed_ms, link, None if pinned else memcpy))
            series.append(s)
    return series


def timelines(ctx: harness.Context) -> list[harness.Trace]:
    found = []
    for pinned in (True, False):
        fn = copy_fn(TRACE_BYTES, pinned, True)  # 64 MiB: one copy a sample
        trace = ctx.trace(f"{'pinned' if pinned else 'pageable'}-h2d",
                          f"one 64 MiB copy to the GPU from {'pinned' if pinned else 'pageable'} memory", fn)
        found += [trace] if trace else []
    return found


def models(fixed_ms: float, link: float, link_source: str, memcpy: float) -> list[harness.Model]:
    a = harness.Term("a", "time of a 4 KiB pinned copy", fixed_ms * 1e3, "us", "measured", ID)
    lt = harness.Term("L", "the PCIe link's line rate, one way", link, "GB/s", link_source)
    return [harness.Model("link", "A fixed cost plus bytes over the link", "t = a + S / L", (a, lt)),
            harness.Model("staged", "Through the driver's staging buffer", "t = a + S / L + S / M",
                          (a, lt, harness.Term("M", "one CPU thread's memcpy bandwidth", memcpy, "GB/s", "measured", ID)))]


def run(ctx: harness.Context) -> harness.Result:
    link_of = read_link()
    link, link_source = (link_gbs(*link_of), "device") if link_of else (link_gbs(4, 16), "fixed")
    fixed_ms = ctx.measure(copy_fn(4096, True, True), flush=False).ms / copies_per_sample(4096)
    memcpy = host_memcpy_gbs()
    sizes = SIZES[::2] if ctx.quick else SIZES
    series = measure_series(ctx, sizes, fixed_ms, link, memcpy)
    top = round(sizes[-1] / 2**20, 4)
    summary = [harness.from_point(f"{s.label}, {sizes[-1] // 2**20} MiB", s, top) for s in series]
    pin, page = series[0].at(top)["y"], series[2].at(top)["y"]
    link_text = f"the PCIe {link_of[0]}.0 x{link_of[1]} link's {link:.0f} GB/s" if link_of else "the link"
    finding = (f"A {sizes[-1] // 2**20} MiB copy to the GPU moves {pin:.1f} GB/s from pinned memory and {page:.1f} GB/s "
               f"from pageable memory, against {link_text} each way and {memcpy:.1f} GB/s for one CPU thread's memcpy.")
    return harness.Result(parameters={"dtype": "float32", "sizes": list(sizes), "pcie": list(link_of) if link_of else None},
                          series=series, summary=summary, finding=finding, models=models(fixed_ms, link, link_source, memcpy),
                          traces=timelines(ctx), l2_flushed=False, warmup=ctx.warmup)
