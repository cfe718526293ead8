"""harness.catalog and harness.machine: the data the labs read, and the machine's conditions."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import harness
from harness import catalog, machine


@pytest.mark.parametrize("name, row", [
    ("NVIDIA H200", "h200"), ("NVIDIA H200 NVL", "h200-nvl"), ("NVIDIA H100 80GB HBM3", "h100-sxm"),
    ("NVIDIA H100 PCIe", "h100-pcie"), ("NVIDIA H100 NVL", "h100-nvl"),
    ("NVIDIA A100-SXM4-80GB", "a100-80gb-sxm"), ("NVIDIA A100-SXM4-40GB", "a100-40gb-sxm"),
    ("NVIDIA L4", "l4"), ("NVIDIA L40S", "l40s"), ("NVIDIA GeForce RTX 4090", "rtx-4090"), ("Tesla T4", "t4"),
    ("NVIDIA A10G", "a10g"), ("NVIDIA GeForce RTX 3090", "rtx-3090"), ("NVIDIA RTX A6000", "rtx-a6000"),
    ("NVIDIA RTX 6000 Ada Generation", "rtx-6000-ada"), ("NVIDIA GeForce RTX 4080", "rtx-4080"),
    ("NVIDIA GeForce RTX 4070", "rtx-4070"), ("NVIDIA B200", "b200"), ("NVIDIA GB200", "gb200"),
    ("Radeon RX 7900", None),
])
def test_device_names_map_to_rows_of_gpus_yml(name, row):
    assert harness.gpu_row_for(name) == row


def test_every_mapped_row_exists_in_gpus_yml():
    ids = {gpu["id"] for gpu in yaml.safe_load(catalog.GPUS_YML.read_text())["gpus"]}
    assert {row for _, row in harness.GPU_ROWS} <= ids


def test_load_gpu_merges_figure_groups():
    h200 = harness.load_gpu("h200")
    assert h200["memory_bandwidth_gbs"] == 4800 and h200["dense"]["bf16"] == 989
    with pytest.raises(harness.NotAvailable, match="no GPU with id 'nope'"):
        harness.load_gpu("nope")


def test_counter_catalogue_gives_each_metric_one_unit():
    units = harness.counter_units()
    assert units["dram__bytes_read.sum"] == "byte" and units["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == "count"


def test_parse_smi_reads_numbers_and_unreadable_fields():
    assert machine.parse_smi("1980, 3201, 700.00, 45\n") == {
        "sm_clock_mhz": 1980, "memory_clock_mhz": 3201, "power_limit_w": 700, "temperature_c": 45}
    assert machine.parse_smi("345, 3201, [N/A], 31")["power_limit_w"] is None
    with pytest.raises(ValueError):
        machine.parse_smi("1980, 3201")


def test_conditions_read_from_text():
    assert machine.pcie_link("5, 16") == "Gen5 x16" and machine.pcie_link(None) is None
    assert machine.cpu_model("processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Processor\n") == "Intel(R) Xeon(R) Processor"
    assert machine.cpu_model("") is None


def test_labs_commit_is_a_commit_or_says_uncommitted(monkeypatch):
    monkeypatch.setenv("GPULIST_LABS_COMMIT", "0123456789abcdef")
    assert harness.labs_commit() == "0123456789ab"
    monkeypatch.setenv("GPULIST_LABS_COMMIT", "not-a-commit")
    commit = harness.labs_commit()
    assert commit == "uncommitted" or len(commit) == 12


def test_without_nvidia_smi_conditions_read_as_unknown_not_zero(monkeypatch, tmp_path: Path):
    import host_device

    monkeypatch.setenv("PATH", str(tmp_path))
    assert harness.smi(["driver_version"]) is None
    assert harness.gpu_state() == dict.fromkeys(machine.STATE_KEYS)
    assert host_device.read_link() is None


def test_nvidia_smi_is_asked_for_its_fields_and_read(monkeypatch, tmp_path: Path):
    import host_device

    fake = tmp_path / "nvidia-smi"  # answers each query as the real one would for an H200
    fake.write_text('#!/bin/sh\ncase "$1" in\n  *pcie*) echo "5, 16";;\n  *driver*) echo "580.159.04";;\n'
                    '  *clocks*) echo "1980, 3201, 700.00, 45";;\nesac\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert harness.smi(["driver_version"]) == "580.159.04"
    assert harness.gpu_state()["sm_clock_mhz"] == 1980
    assert host_device.read_link() == (5, 16)
