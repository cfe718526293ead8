"""harness.traces' pure parts, on a torch.profiler trace captured on an H200 (100 adds)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from harness import traces

TRACE = json.loads(gzip.decompress((Path(__file__).resolve().parents[1] / "fixtures" / "labs" /
                                    "probe-100-adds.trace.json.gz").read_bytes()))


def test_the_captured_trace_holds_its_hundred_kernels():
    assert traces.kernel_count(TRACE) == 100


def test_the_host_launches_slower_than_the_gpu_runs_each_add():
    host, gpu = traces.host_launch_interval_us(TRACE), traces.kernel_duration_us(TRACE)
    assert host is not None and gpu is not None and host > gpu
    assert traces.kernel_interval_us(TRACE) == pytest.approx(host, rel=0.5)


def test_slimmed_and_encoded_trace_keeps_every_gpu_event_and_is_small():
    data = traces.encode(TRACE)
    back = traces.decode(data)
    assert traces.kernel_count(back) == 100 and len(data) < 262_144
    assert set(back) == {"traceEvents", "displayTimeUnit"}


def test_a_trace_without_launches_has_no_intervals():
    assert traces.host_launch_interval_us({"traceEvents": []}) is None
    assert traces.kernel_interval_us({"traceEvents": []}) is None
    assert traces.graph_launch_latency_us({"traceEvents": []}) is None
