"""gpulist.load.traces and the loader's reading of version 2 records: each named trace read once,
beside its record, never further than the limit and never through a link."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from gpulist.load import load_catalog
from gpulist.load.traces import read_trace, trace_names
from gpulist.models import Measurement, MeasurementV2
from tests.catalogs import FIXTURES, make_catalog
from tests.conftest import DATA
from tests.fixtures import records_v2


def test_only_plain_file_names_are_read() -> None:
    data = {"traces": [{"file": "a.trace.json.gz"}, {"file": "../x.trace.json.gz"}, {"file": "/etc/passwd"},
                       {"file": 5}, "text", {"what": "no file"}]}
    assert trace_names(data) == ["a.trace.json.gz"]
    assert trace_names({"traces": "x"}) == [] and trace_names(None) == []


def test_a_trace_is_missing_over_the_limit_or_its_bytes(tmp_path: Path) -> None:
    (tmp_path / "small.gz").write_bytes(b"x" * 10)
    (tmp_path / "big.gz").write_bytes(b"x" * 11)
    os.symlink(tmp_path / "small.gz", tmp_path / "link.gz")
    assert read_trace(tmp_path, "small.gz", limit=10).data == b"x" * 10
    big = read_trace(tmp_path, "big.gz", limit=10)
    assert (big.size, big.data) == (11, None)
    assert read_trace(tmp_path, "link.gz").size is None  # a link is not followed
    assert read_trace(tmp_path, "gone.gz").size is None


def test_the_loader_keeps_each_version_and_the_traces_beside_a_v2_record(tmp_path: Path) -> None:
    data = make_catalog(tmp_path)
    for name in ("gpus.yml", "labs.yml"):
        shutil.copy(FIXTURES / "measurement_base" / name, data / name)
    shutil.copy(DATA / "counters.yml", data / "counters.yml")
    path = records_v2.write(data / "measurements", "gpu-one")
    v1 = data / "measurements" / "gpu-one" / "roofline.yml"
    shutil.copy(FIXTURES / "site" / "measurements" / "h100-sxm" / "roofline.yml", v1)
    v1.write_text(v1.read_text(encoding="utf-8").replace("gpu: h100-sxm", "gpu: gpu-one"), encoding="utf-8")
    catalog, problems = load_catalog(data)
    assert [p for p in problems if p.is_error] == []
    kinds = {type(r.measurement) for r in catalog.records}
    assert kinds == {Measurement, MeasurementV2}
    record = next(r for r in catalog.records if isinstance(r.measurement, MeasurementV2))
    trace = record.traces["coalescing.eager.trace.json.gz"]
    assert trace.data == records_v2.trace().data and trace.path == path.parent / "coalescing.eager.trace.json.gz"
    assert list(catalog.trace_files) == [(record.doc.path, "coalescing.eager.trace.json.gz")]
    assert catalog.counters is not None and "dram__bytes_read.sum" in catalog.counters.by_metric()
