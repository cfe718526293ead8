"""The harness's pure parts: statistics, the GPU's row, nvidia-smi's answer, the record writer."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import harness


def test_median_is_robust_to_one_slow_run():
    assert harness.median([1.0, 1.1, 0.9, 50.0, 1.0]) == 1.0
    with pytest.raises(ValueError):
        harness.median([])


@pytest.mark.parametrize("name, row", [
    ("NVIDIA H200", "h200"), ("NVIDIA H100 80GB HBM3", "h100-sxm"), ("NVIDIA H100 PCIe", "h100-pcie"),
    ("NVIDIA A100-SXM4-80GB", "a100-80gb-sxm"), ("NVIDIA A100-SXM4-40GB", "a100-40gb-sxm"),
    ("NVIDIA L4", "l4"), ("NVIDIA L40S", "l40s"), ("NVIDIA GeForce RTX 4090", "rtx-4090"),
    ("NVIDIA B200", "b200"), ("NVIDIA GB200", "gb200"), ("Tesla T4", None),
])
def test_device_names_map_to_rows_of_gpus_yml(name, row):
    assert harness.gpu_row_for(name) == row


def test_every_mapped_row_exists_in_gpus_yml():
    ids = {gpu["id"] for gpu in yaml.safe_load(harness.GPUS_YML.read_text())["gpus"]}
    assert {row for _, row in harness.GPU_ROWS} <= ids


def test_load_gpu_merges_figure_groups():
    h200 = harness.load_gpu("h200")
    assert h200["memory_bandwidth_gbs"] == 4800
    assert h200["dense"]["bf16"] == 989 and h200["dense"]["fp32"] == 67
    assert h200["interconnect_gbs"] == 900
    with pytest.raises(harness.NotAvailable, match="no GPU with id 'nope'"):
        harness.load_gpu("nope")


def test_parse_smi_reads_numbers_and_unreadable_fields():
    assert harness.parse_smi("1980, 3201, 700.00, 45\n") == {
        "sm_clock_mhz": 1980, "memory_clock_mhz": 3201, "power_limit_w": 700, "temperature_c": 45}
    state = harness.parse_smi("345, 3201, [N/A], 31")
    assert state["power_limit_w"] is None and state["sm_clock_mhz"] == 345
    with pytest.raises(ValueError):
        harness.parse_smi("1980, 3201")


def _result() -> harness.Result:
    s = harness.Series("stride", "read with stride", "stride", "elements", "bandwidth", "GB/s", scale="log2")
    s.add(1, 3900.123456, 4800)
    s.add(32, 300.5)
    return harness.Result(parameters={"dtype": "float32"}, series=[s],
                          summary=[harness.summary_row("stride 1", 3900.1, 4800, "GB/s")],
                          finding="Stride 32 reaches 8% of stride 1.", repeats=30, warmup=5)


def _conditions() -> dict:
    props = {"sm_count": 132, "l2_bytes": 60 * 2**20, "memory_bytes": 150 * 2**30}
    versions = {"driver": "580.159.04", "cuda": "13.0", "torch": "2.11.0", "triton": "3.6.0", "labs_commit": "abc1234"}
    return harness.base_conditions("NVIDIA H200", props, versions)


def test_record_holds_every_condition_in_order():
    record = harness.build_record("coalescing", "h200", _conditions(), _result(), 12.34)
    assert list(record)[:6] == ["lab", "gpu", "conditions", "method", "parameters", "series"]
    assert record["conditions"]["gpu_count"] == 1 and record["conditions"]["l2_mb"] == 60.0
    assert record["method"] == {"warmup": 5, "repeats": 30, "statistic": "median", "timer": "cuda-events",
                                "l2_flushed": True, "data": "random", "checked": True}
    assert record["series"][0]["points"] == [{"x": 1, "y": 3900.1235, "predicted": 4800.0}, {"x": 32, "y": 300.5}]
    assert record["reproduce"] == "python labs/run.py --lab coalescing" and record["wall_s"] == 12.3


def test_write_record_round_trips_and_leaves_no_partial_file(tmp_path: Path):
    record = harness.build_record("coalescing", "h200", _conditions(), _result(), 1.0)
    path = harness.write_record(record, tmp_path)
    assert path == tmp_path / "h200" / "coalescing.yml"
    assert yaml.safe_load(path.read_text()) == record
    assert path.read_text().startswith("# Written by labs/run.py")
    assert not list(tmp_path.rglob("*.part"))


def test_labs_commit_is_a_commit_or_says_uncommitted(monkeypatch):
    monkeypatch.setenv("GPULIST_LABS_COMMIT", "0123456789abcdef")
    assert harness.labs_commit() == "0123456789ab"
    monkeypatch.setenv("GPULIST_LABS_COMMIT", "not-a-commit")
    commit = harness.labs_commit()
    assert commit == "uncommitted" or len(commit) == 12


def test_without_nvidia_smi_conditions_read_as_unknown_not_zero(monkeypatch, tmp_path: Path):
    import host_device

    monkeypatch.setenv("PATH", str(tmp_path))  # no nvidia-smi on it, whatever the machine
    assert harness.smi(["driver_version"]) is None
    assert harness.gpu_state() == dict.fromkeys(harness.STATE_KEYS)
    assert harness.driver_version() == "unknown" and host_device.read_link() is None


def test_nvidia_smi_is_asked_for_its_fields_and_read(monkeypatch, tmp_path: Path):
    import host_device

    fake = tmp_path / "nvidia-smi"  # answers each query as the real one would for an H200
    fake.write_text('#!/bin/sh\ncase "$1" in\n'
                    '  *pcie*) echo "5, 16";;\n  *driver*) echo "580.159.04";;\n'
                    '  *clocks*) echo "1980, 3201, 700.00, 45";;\nesac\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert harness.driver_version() == "580.159.04"
    assert harness.gpu_state()["sm_clock_mhz"] == 1980
    assert host_device.read_link() == (5, 16)
