"""grading.ceilings: the ceiling a score is a share of, the reader's own before a published one,
and the output says which."""

from __future__ import annotations

import pytest

import practice
from grading import ceilings


def record(lab: str, gpu: str, *items: tuple[str, float, str]) -> dict:
    return {"lab": lab, "gpu": gpu, "ceilings": [{"metric": m, "value": v, "unit": u} for m, v, u in items]}


PUBLISHED = {"h200": {"memory-bandwidth": record("memory-bandwidth", "h200", ("memory_bandwidth_gbs", 4259.5, "GB/s")),
                      "matmul-ceilings": record("matmul-ceilings", "h200", ("dense.fp16", 775.9, "TFLOPS"),
                                                ("dense.fp32", 52.6, "TFLOPS")),
                      "roofline": record("roofline", "h200", ("dense.fp32", 65.64, "TFLOPS"))}}
BANDWIDTH = {"h200": 4800.0, "h100-sxm": 3350.0, "l4": 300.0}


def test_the_metric_of_a_resource_and_dtype():
    assert ceilings.metric_for("memory", "fp16") == "memory_bandwidth_gbs"
    assert ceilings.metric_for("compute", "bf16") == "dense.bf16"


def test_the_readers_own_run_comes_first():
    own = ("runs/mine", {"memory-bandwidth": record("memory-bandwidth", "h100-sxm", ("memory_bandwidth_gbs", 2935.0, "GB/s"))})
    found, notes = ceilings.lookup("memory_bandwidth_gbs", own, "h100-sxm", PUBLISHED, BANDWIDTH)
    assert (found.value, found.gpu, found.source, notes) == (2935.0, "h100-sxm", "your run runs/mine", [])


def test_a_run_without_the_figure_falls_back_and_says_so():
    own = ("runs/mine", {"memory-bandwidth": record("memory-bandwidth", "h100-sxm", ("memory_bandwidth_gbs", 2935.0, "GB/s"))})
    found, notes = ceilings.lookup("dense.fp16", own, "h100-sxm", PUBLISHED, BANDWIDTH)
    assert found.value == 775.9 and found.gpu == "h200" and found.source == "the published record of the h200"
    assert "did not measure dense.fp16" in notes[0] and "nearest in memory bandwidth" in notes[1]


def test_the_same_gpu_needs_no_note_and_the_higher_of_two_labs_stands():
    found, notes = ceilings.lookup("dense.fp32", None, "h200", PUBLISHED, BANDWIDTH)
    assert (found.value, found.lab, notes) == (65.64, "roofline", [])


def test_no_record_of_the_metric_is_an_error_that_says_what_to_run():
    with pytest.raises(ceilings.NoCeiling, match="labs/run.py --all"):
        ceilings.lookup("dense.fp8", None, "h200", PUBLISHED, BANDWIDTH)


def test_the_published_h200_records_give_the_grader_its_ceilings():
    """The repository's own records: what a reader on an H200 without a run of their own is scored against."""
    pub = practice.published()
    bandwidth, _ = ceilings.lookup("memory_bandwidth_gbs", None, "h200", pub, practice.bandwidths())
    fp16, _ = ceilings.lookup("dense.fp16", None, "h200", pub, practice.bandwidths())
    assert bandwidth.lab == "memory-bandwidth" and bandwidth.unit == "GB/s" and 1000 < bandwidth.value < 4800
    assert fp16.lab == "matmul-ceilings" and fp16.unit == "TFLOPS" and 100 < fp16.value < 989


def test_an_unknown_gpu_is_scored_against_a_published_one_and_told_so():
    found, notes = ceilings.lookup("memory_bandwidth_gbs", None, None, PUBLISHED, BANDWIDTH)
    assert found.gpu == "h200" and notes == ["no published record of your GPU (not in data/gpus.yml: --gpu names its "
                                             "row) measured memory_bandwidth_gbs: using the h200's; your own labs run "
                                             "(--ceilings) would be fairer"]
