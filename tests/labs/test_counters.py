"""harness.counters: ncu's command, and its CSV parsed from output captured on an H200."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness import counters

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "labs"
METRICS = ["dram__bytes_read.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
           "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "gpu__time_duration.sum",
           "smsp__thread_inst_executed_per_inst_executed.ratio"]


def test_the_command_profiles_only_the_probes_and_leaves_the_clocks_alone(tmp_path):
    cmd = counters.ncu_command(METRICS[:2], "coalescing", tmp_path, Path("labs/run.py"))
    assert cmd[0] == "ncu" and "--clock-control" in cmd and cmd[cmd.index("--clock-control") + 1] == "none"
    assert cmd[cmd.index("--nvtx-include") + 1] == "regex:gpulist\\|[0-9]+/"
    assert cmd[cmd.index("--metrics") + 1] == ",".join(METRICS[:2])
    assert cmd[-4:] == ["--lab", "coalescing", "--counters-pass", str(tmp_path)]


def test_captured_raw_csv_parses_into_one_kernel_of_probe_0():
    kernels = counters.parse((FIXTURES / "ncu-raw-one-probe.csv").read_text(), METRICS)
    assert len(kernels) == 1
    k = kernels[0]
    assert k["index"] == 0 and k["kernel"].startswith("elementwise_kernel<128, 2")
    values = {m["metric"]: (m["value"], m["unit"]) for m in k["metrics"]}
    # 2^22 floats gathered at stride 4: 16 MiB useful, read through whole sectors
    assert values["dram__bytes_read.sum"] == (67_124_992.0, "byte")
    assert values["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"] == (2_097_152.0, "sector")
    assert values["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"] == (131_072.0, "count")
    assert values["smsp__thread_inst_executed_per_inst_executed.ratio"] == (32.0, "ratio")
    assert values["gpu__time_duration.sum"][1] == "ns"


def test_an_unknown_metric_reads_n_a_and_is_left_out():
    text = (FIXTURES / "ncu-unknown-metric.txt").read_text()
    assert counters.parse(text, ["no__such_metric.sum"]) == []  # no NVTX column: nothing is a probe
    rows = counters.csv_rows(text)
    assert rows[1][-1] == "n/a" and counters._number("n/a") is None


def test_ncu_error_lines_are_collected():
    text = "==PROF== Connected\n==ERROR== Failed to profile kernel \"x\" in process 12\n==ERROR== The application returned an error code (1).\n"
    assert counters.errors(text) == ['Failed to profile kernel "x" in process 12',
                                     "The application returned an error code (1)."]


def test_units_as_the_catalogue_writes_them():
    assert counters.ncu_unit("a.sum", "nsecond") == "ns" and counters.ncu_unit("x.ratio", "") == "ratio"
    assert counters.ncu_unit("y.sum", "") == "count" and counters.ncu_unit("z.sum", "byte") == "byte"


def test_kernels_are_attached_to_their_probes():
    kernels = [{"index": 0, "kernel": "_gather", "metrics": [{"metric": "m", "value": 1.0, "unit": "byte"}]},
               {"index": 7, "kernel": "stray", "metrics": [{"metric": "m", "value": 2.0, "unit": "byte"}]}]
    probes = [{"index": 0, "probe": "stride 16", "series": "stride", "x": 16}]
    out = counters.attach(kernels, probes, "ncu 2025.3.1")
    assert out["status"] == "measured" and out["tool"] == "ncu 2025.3.1"
    assert out["kernels"] == [{"probe": "stride 16", "series": "stride", "x": 16, "kernel": "_gather",
                               "metrics": [{"metric": "m", "value": 1.0, "unit": "byte"}]}]
    assert counters.value(out, "stride 16", "m") == 1.0 and counters.value(out, "stride 8", "m") is None
    assert counters.attach([], probes, "ncu")["status"] == "missing"


def test_without_ncu_the_record_says_why(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    out = counters.collect("coalescing", METRICS, tmp_path / "work", Path("labs/run.py"))
    assert out == {"status": "missing", "reason": "ncu (Nsight Compute) is not on the PATH", "tool": None, "kernels": []}


def test_a_failing_ncu_keeps_the_timings_and_says_so(monkeypatch, tmp_path):
    fake = tmp_path / "ncu"
    fake.write_text('#!/bin/sh\nif [ "$1" = "--version" ]; then echo "Version 2025.3.1.0"; exit 0; fi\n'
                    'echo "==ERROR== Failed to find metric dram__nope"; exit 1\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}:/usr/bin:/bin")
    out = counters.collect("coalescing", ["dram__nope"], tmp_path / "work", Path("labs/run.py"))
    assert out["status"] == "missing" and out["reason"] == "ncu exited 1: Failed to find metric dram__nope"


@pytest.mark.parametrize("name, short", [("void _gather(float*, float*)", "_gather(float*, float*)"),
                                         ("x" * 200, "x" * 119 + "…")])
def test_kernel_names_are_shortened(name, short):
    assert counters.short_kernel(name) == short
