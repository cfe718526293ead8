"""gpulist.view.labs for version 2 records: traces to publish, the counters' catalogue, and which
bounds are measured ceilings."""

from __future__ import annotations

from pathlib import Path

from gpulist.view.labs import measured_ceiling, trace_downloads, trace_path
from tests.fixtures import records_v2
from tests.v2_site import GPU, LAB, v2_view


def test_a_v2_record_brings_its_traces_and_the_catalogue(tmp_path: Path) -> None:
    view = v2_view(tmp_path)
    lab = next(lv for lv in view.labs if lv.lab.id == LAB)
    assert list(lab.traces[GPU]) == ["coalescing.eager.trace.json.gz"]
    assert lab.counters["dram__bytes_read.sum"].unit == "byte"
    assert trace_downloads(view.labs) == {trace_path(GPU, "coalescing.eager.trace.json.gz"): records_v2.trace().data}
    assert trace_path(GPU, "x.trace.json.gz") == "labs/traces/h100-sxm/x.trace.json.gz"


def test_only_a_ceiling_the_labs_measured_on_that_gpu_is_a_measured_ceiling(tmp_path: Path) -> None:
    view = v2_view(tmp_path)
    found = measured_ceiling(view.labs, GPU, 2935.0, "GB/s")  # the fixture's memory-bandwidth copy
    assert found is not None and found.lab.lab.id == "memory-bandwidth"
    assert measured_ceiling(view.labs, GPU, 2940.0, "GB/s") is not None  # equal to rounding
    assert measured_ceiling(view.labs, GPU, 3350.0, "GB/s") is None  # the vendor's peak is a bound
    assert measured_ceiling(view.labs, GPU, 2935.0, "TFLOPS") is None
    assert measured_ceiling(view.labs, "b200", 2935.0, "GB/s") is None
