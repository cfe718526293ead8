"""gpulist.view.timeline: a captured-shape trace as spans, gaps and the GPU's busy share."""

from __future__ import annotations

import gzip
import json

import pytest

from gpulist.view.timeline import MAX_EVENTS, timeline
from tests.fixtures import records_v2


def test_the_host_and_gpu_rows_from_the_first_event_with_the_gaps_between_gpu_work() -> None:
    line = timeline(records_v2.trace().data)
    assert [s.kind for s in line.gpu] == ["kernel"] * 6 + ["gpu_memcpy"]
    assert len(line.host) == 6 and line.host[0].start_us == 0.0 and line.gpu[0].start_us == 3.0
    assert [g for _, g in line.gaps()] == [3.0] * 5 + [4.0]  # 5 µs apart, 2 µs each; the copy 4 µs after
    assert line.median_gap_us() == 3.0
    assert line.busy_share() == pytest.approx(16 / 35)  # 6 × 2 + 4 µs of work from 3 to 38 µs
    assert line.end_us == 38.0 and line.total_gpu_events == 7


def test_a_long_trace_is_cut_to_its_first_events_and_the_host_calls_before_their_end() -> None:
    events = [{"ph": "X", "cat": "kernel", "name": "k", "ts": 10.0 * i, "dur": 1.0} for i in range(100)]
    events += [{"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": 10.0 * i - 2, "dur": 1.0}
               for i in range(100)]
    events += [{"ph": "i", "cat": "kernel", "ts": 5.0}, {"ph": "X", "cat": "kernel", "ts": "late"}]
    line = timeline(gzip.compress(json.dumps({"traceEvents": events}).encode()))
    assert len(line.gpu) == MAX_EVENTS and line.total_gpu_events == 100
    assert len(line.host) == MAX_EVENTS and line.gpu[0].start_us == 2.0


@pytest.mark.parametrize("data", [b"plain", gzip.compress(b"[1, 2]", mtime=0), gzip.compress(b"{", mtime=0)],
                         ids=["not-gzip", "not-a-trace", "not-json"])
def test_what_is_not_a_gzipped_chrome_trace_is_refused(data: bytes) -> None:
    with pytest.raises(ValueError):
        timeline(data)
