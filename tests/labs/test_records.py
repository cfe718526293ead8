"""harness.records: points, models, summary rows and the record file, without a GPU."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import harness
from harness import records

V = harness.Value(100.0, 98.0, 103.0, 40, {"sm_mhz": [1740, 1980], "power_w": 699.0, "reasons": ["sw_power_cap"]})


def test_a_point_keeps_median_quartiles_count_and_flags_a_throttled_run():
    p = records.point(8, V, predicted=120.0)
    assert p == {"x": 8, "y": 100.0, "q1": 98.0, "q3": 103.0, "n": 40, "predicted": 120.0, "throttled": True,
                 "telemetry": V.telemetry}
    with pytest.raises(ValueError, match="never both"):
        records.point(8, V, predicted=1.0, bound=2.0)


def test_a_series_with_predictions_names_its_model():
    s = harness.Series("s", "label", "x", "count", "y", "GB/s")
    with pytest.raises(ValueError, match="names no model"):
        s.add(1, V, predicted=1.0)
    s.add(1, V, bound=4800.0)
    assert s.as_dict()["points"][0]["bound"] == 4800.0 and "model" not in s.as_dict()


def test_ratios_say_what_they_are():
    rate = harness.summary_row("copy", V, "GB/s", bound=200.0)
    assert rate["ratio_kind"] == "share-of-bound" and rate["ratio"] == pytest.approx(0.5)
    time = harness.summary_row("step", V, "ms", bound=50.0)
    assert time["ratio"] == pytest.approx(0.5)  # a time: the bound over the measurement
    model = harness.summary_row("step", V, "ms", predicted=80.0, model="m")
    assert model["ratio_kind"] == "x-model" and model["ratio"] == pytest.approx(1.25)
    assert model["spread"] == pytest.approx(0.05) and model["run_spread"] == 0.0
    with pytest.raises(ValueError):
        harness.summary_row("x", V, "ms", predicted=1.0)


def test_values_from_samples_in_the_axis_units():
    sample = harness.Sample.of([2.0, 2.0, 4.0])
    rate = harness.Value.rate(sample, 8e9, 1e-9)
    assert rate.y == pytest.approx(4000.0) and rate.q1 < rate.y
    per = harness.Value.time(sample, 1e3 / 10)
    assert per.y == pytest.approx(200.0)


def _result() -> harness.Result:
    s = harness.Series("stride", "read with stride", "stride", "elements", "bandwidth", "GB/s", scale="log2", model="m")
    s.add(1, harness.Value(3900.123456, 3890.0, 3910.0, 30), predicted=4000.0)
    model = harness.Model("m", "A model", "rate = B", (harness.Term("B", "copy bandwidth", 4000.0, "GB/s", "measured",
                                                                    "memory-bandwidth"),))
    trace = harness.Trace("eager", "20 adds", b"\x1f\x8b" + b"0" * 10, 20)
    return harness.Result(parameters={"dtype": "float32"}, series=[s], summary=[harness.from_point("stride 1", s, 1)],
                          finding="Stride 1 reaches 98% of the model.", models=[model], traces=[trace],
                          calibration={"copy_gbs": 4000.0}, warmup=5)


def _conditions() -> dict:
    props = {"sm_count": 132, "l2_bytes": 60 * 2**20, "memory_bytes": 150 * 2**30}
    versions = {"driver": "580.159.04", "cuda": "13.0", "torch": "2.11.0", "triton": "3.6.0", "labs_commit": "abc1234",
                "cpu": "Intel(R) Xeon(R) Processor", "pcie": "Gen5 x16", "libraries": {"cublas": "13.1.0.3"}}
    return harness.base_conditions("NVIDIA H200", props, versions)


def _record() -> dict:
    return harness.build_record("coalescing", "h200", _conditions(), _result(), 12.34, harness.StoppingRule(), "nvml",
                                {"status": "missing", "reason": "no ncu", "tool": None, "kernels": []})


def test_record_holds_every_condition_in_order():
    record = _record()
    assert list(record)[:8] == ["schema", "lab", "gpu", "conditions", "method", "parameters", "models", "series"]
    assert record["schema"] == 2 and record["conditions"]["gpu_count"] == 1 and record["conditions"]["runs"] == 1
    assert record["conditions"]["pcie"] == "Gen5 x16" and record["method"]["telemetry"] == "nvml"
    assert record["method"]["sampling"]["target_spread"] == 0.02 and record["calibration"] == [
        {"key": "copy_gbs", "value": 4000.0}]
    assert record["traces"] == [{"file": "coalescing.eager.trace.json.gz", "what": "20 adds", "bytes": 12, "kernels": 20}]
    assert record["summary"][0]["ratio_kind"] == "x-model" and record["wall_s"] == 12.3


def test_write_record_writes_traces_first_and_leaves_no_partial_file(tmp_path: Path):
    record = _record()
    path = harness.write_record(record, tmp_path, _result().traces)
    assert path == tmp_path / "h200" / "coalescing.yml" and (tmp_path / "h200" / "coalescing.eager.trace.json.gz").exists()
    assert yaml.safe_load(path.read_text()) == record and path.read_text().startswith("# Written by labs/run.py")
    assert not list(tmp_path.rglob("*.part"))


def test_a_trace_over_the_limit_is_refused_before_anything_is_written(tmp_path: Path):
    big = harness.Trace("eager", "too much", b"0" * (records.TRACE_LIMIT + 1), 1)
    with pytest.raises(ValueError, match="over 262,144"):
        harness.write_record(_record(), tmp_path, [big])
    assert not (tmp_path / "h200" / "coalescing.yml").exists()
