"""Timelines: a short stretch of a lab's work recorded by torch.profiler and kept, gzipped, with
the record, so the site can draw where the time goes between kernels and a reader can open the
same trace in Perfetto. Only the labs whose effect lives between kernels keep one (launch
overhead, host copies, decode). The counting is pure; the capture needs PyTorch."""

from __future__ import annotations

import gzip
import statistics
import json
import os
import tempfile
from collections.abc import Callable
from typing import Any

from .records import TRACE_LIMIT, Trace

GPU_CATEGORIES = ("kernel", "gpu_memcpy", "gpu_memset")


def gpu_events(trace: dict[str, Any]) -> list[dict[str, Any]]:
    """The trace's GPU work (kernels, copies, memsets): complete events in those categories."""
    return [e for e in trace.get("traceEvents", []) if e.get("ph") == "X" and e.get("cat") in GPU_CATEGORIES]


def kernel_count(trace: dict[str, Any]) -> int:
    return sum(1 for e in gpu_events(trace) if e.get("cat") == "kernel")


def slim(trace: dict[str, Any]) -> dict[str, Any]:
    """Drop the profiler's per-event bookkeeping a timeline never shows, to keep the file small."""
    keep = ("ph", "cat", "name", "pid", "tid", "ts", "dur", "id", "bp", "s")
    events = [{k: v for k, v in e.items() if k in keep} for e in trace.get("traceEvents", [])
              if e.get("ph") in ("X", "s", "f", "M")]
    return {"traceEvents": events, "displayTimeUnit": "ns"}


def encode(trace: dict[str, Any]) -> bytes:
    return gzip.compress(json.dumps(slim(trace), separators=(",", ":")).encode("utf-8"), mtime=0)


def capture(name: str, what: str, fn: Callable[[], Any]) -> Trace:
    """Run `fn` once under torch.profiler (host and GPU) and keep its trace."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    fd, path = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    try:
        prof.export_chrome_trace(path)
        with open(path, encoding="utf-8") as f:
            trace = json.load(f)
    finally:
        os.unlink(path)
    data = encode(trace)
    if len(data) > TRACE_LIMIT:
        raise ValueError(f"trace {name} is {len(data):,} bytes gzipped, over {TRACE_LIMIT:,}: profile less")
    return Trace(name, what, data, kernel_count(trace))


def decode(data: bytes) -> dict[str, Any]:
    return json.loads(gzip.decompress(data))


def _starts(events: list[dict[str, Any]]) -> list[float]:
    return sorted(float(e["ts"]) for e in events)


def _intervals(starts: list[float]) -> list[float]:
    return [b - a for a, b in zip(starts, starts[1:])]


def host_launch_interval_us(trace: dict[str, Any]) -> float | None:
    """Median time between the starts of successive kernel launches on the host (µs)."""
    launches = [e for e in trace.get("traceEvents", []) if e.get("ph") == "X" and e.get("cat") == "cuda_runtime"
                and "LaunchKernel" in str(e.get("name", ""))]
    gaps = _intervals(_starts(launches))
    return statistics.median(gaps) if gaps else None


def kernel_interval_us(trace: dict[str, Any]) -> float | None:
    """Median time between the starts of successive GPU kernels (µs): the GPU's pace."""
    gaps = _intervals(_starts([e for e in gpu_events(trace) if e.get("cat") == "kernel"]))
    return statistics.median(gaps) if gaps else None


def kernel_duration_us(trace: dict[str, Any]) -> float | None:
    """Median duration of the trace's GPU kernels (µs)."""
    durations = [float(e.get("dur", 0)) for e in gpu_events(trace) if e.get("cat") == "kernel"]
    return statistics.median(durations) if durations else None


def graph_launch_latency_us(trace: dict[str, Any]) -> float | None:
    """From the host's graph launch to the graph's first kernel on the GPU (µs): a replay's fixed cost."""
    launch = [e for e in trace.get("traceEvents", []) if e.get("ph") == "X" and e.get("cat") == "cuda_runtime"
              and "GraphLaunch" in str(e.get("name", ""))]
    kernels = _starts([e for e in gpu_events(trace) if e.get("cat") == "kernel"])
    if not launch or not kernels:
        return None
    return kernels[0] - float(min(launch, key=lambda e: float(e["ts"]))["ts"])
