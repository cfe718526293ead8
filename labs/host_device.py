"""Host to device: copies between CPU memory and the GPU, from pageable and from pinned memory.

What it measures: host-to-device and device-to-host copies of 64 KiB to 1 GiB, from ordinary
(pageable) host memory and from page-locked (pinned) memory.
How: CUDA events around each copy, the median of the harness's repeats; every copy checked by
comparing what arrived with what was sent.
Against what ceiling: the PCIe link the driver reports (generation and width, read through
nvidia-smi): 16 lanes of PCIe 5.0 carry about 63 GB/s each way before protocol overhead.
Pageable copies go through a staging buffer the driver pins for them, which the pinned copies
skip.
"""

from __future__ import annotations

import harness

ID = "host-device"

SIZES = tuple(2**k for k in range(16, 31, 2))  # 64 KiB .. 1 GiB
GT_PER_LANE = {1: 2.5, 2: 5.0, 3: 8.0, 4: 16.0, 5: 32.0, 6: 64.0}  # GT/s per lane, by generation


def link_gbs(generation: int, width: int) -> float:
    """One direction of a PCIe link in GB/s: lanes x transfers, less the line encoding."""
    encoding = 0.8 if generation <= 2 else 128 / 130
    return GT_PER_LANE[generation] * width * encoding / 8


def read_link() -> tuple[int, int] | None:
    """The link's generation and width as the driver reports them, or None where it cannot."""
    line = harness.smi(["pcie.link.gen.max", "pcie.link.width.max"])
    try:
        gen, width = (int(v) for v in (line or "").split(","))
    except ValueError:
        return None
    return (gen, width) if gen in GT_PER_LANE and width > 0 else None


def copy_gbs(ctx: harness.Context, size: int, pinned: bool, to_device: bool) -> float:
    import torch

    host = harness.random(size // 4, device="cpu")
    if pinned:
        host = host.pin_memory()
    dev = torch.empty(size // 4, device="cuda")
    back = torch.empty_like(host).pin_memory() if pinned else torch.empty_like(host)
    dev.copy_(host)
    back.copy_(dev)
    torch.cuda.synchronize()
    harness.check_equal("round trip", back, host)
    fn = (lambda: dev.copy_(host, non_blocking=pinned)) if to_device else (lambda: back.copy_(dev, non_blocking=pinned))
    return size / (harness.time_ms(ctx, fn, flush=False, repeats=10) * 1e-3) / 1e9


def run(ctx: harness.Context) -> harness.Result:
    link = read_link()
    ceiling = link_gbs(*link) if link else None
    sizes = SIZES[::2] if ctx.quick else SIZES
    series = []
    for pinned in (True, False):
        for to_device in (True, False):
            kind = f"{'pinned' if pinned else 'pageable'}, {'host to device' if to_device else 'device to host'}"
            s = harness.Series(kind.replace(", ", "-").replace(" ", "-"), kind, "copy size", "MiB", "bandwidth",
                               "GB/s", scale="log2")
            for size in sizes:
                s.add(round(size / 2**20, 4), copy_gbs(ctx, size, pinned, to_device), ceiling)
            series.append(s)
    best = {s.label: s.points[-1]["y"] for s in series}
    summary = [harness.summary_row(f"{label}, {sizes[-1] // 2**20} MiB", v, ceiling, "GB/s") for label, v in best.items()]
    pin, page = best["pinned, host to device"], best["pageable, host to device"]
    link_text = f"the PCIe {link[0]}.0 x{link[1]} link's {ceiling:.0f} GB/s" if link else "the link"
    finding = (f"A {sizes[-1] // 2**20} MiB copy to the GPU moves {pin:.1f} GB/s from pinned memory and {page:.1f} GB/s from pageable memory, "
               f"against {link_text} each way.")
    return harness.Result(parameters={"dtype": "float32", "sizes": list(sizes), "pcie": list(link) if link else None},
                          series=series, summary=summary, finding=finding, l2_flushed=False,
                          repeats=10, warmup=ctx.warmup)
