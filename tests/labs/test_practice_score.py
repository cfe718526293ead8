"""grading.score and grading.report: the arithmetic of a score on cases worked by hand."""

from __future__ import annotations

import math

import pytest

from grading import report, score
from grading.ceilings import Ceiling


def test_rates_are_in_the_resource_unit():
    assert score.rate(4e9, 1.0, "memory") == pytest.approx(4000.0)  # 4 GB in 1 ms: 4,000 GB/s
    assert score.rate(2e12, 4.0, "compute") == pytest.approx(500.0)  # 2 TFLOP in 4 ms: 500 TFLOPS
    with pytest.raises(ValueError):
        score.rate(1.0, 0.0, "memory")


def test_the_share_of_the_roof_and_its_geometric_mean():
    assert score.share(2129.75, 4259.5) == pytest.approx(0.5)
    assert score.geometric_mean([0.25, 1.0]) == pytest.approx(0.5)  # not the arithmetic 0.625
    assert score.geometric_mean([0.8, 0.8, 0.8]) == pytest.approx(0.8)
    assert score.geometric_mean([0.9, 0.0]) == 0.0
    with pytest.raises(ValueError):
        score.geometric_mean([])
    with pytest.raises(ValueError):
        score.share(1.0, 0.0)


def test_the_model_time_is_the_slower_of_moving_and_computing():
    # 1 GB at 1,000 GB/s is 1 ms; 1 TFLOP at 100 TFLOPS is 10 ms: the compute bounds it
    assert score.predicted_ms(1e9, 1e12, 1000.0, 100.0) == pytest.approx(10.0)
    assert score.predicted_ms(1e9, 1e9, 1000.0, 100.0) == pytest.approx(1.0)
    assert score.predicted_ms(1e9, 0.0, 1000.0, None) == pytest.approx(1.0)
    assert score.predicted_ms(1e9, 1e9, None, None) is None


def test_tolerances_by_dtype_and_exact_problems():
    assert score.tolerance("fp32") < score.tolerance("fp16") < score.tolerance("bf16")
    assert score.tolerance("int32") == 0.0 and score.tolerance("fp16", "exact") == 0.0
    assert score.tolerance("fp32", "close", 1e-4) == 1e-4


PROBLEM = {"id": "vector-copy", "dtype": "fp16", "resource": "memory", "bytes": "2 * n * s", "flops": "0"}
CEILING = Ceiling("memory_bandwidth_gbs", 4000.0, "GB/s", "memory-bandwidth", "h200", "the published record of the h200")


def test_shape_scores_from_timings_worked_by_hand():
    timings = [{"shape": {"n": 2**30}, "ms": 2.0, "q1_ms": 1.9, "q3_ms": 2.1},   # 4 GiB in 2 ms
               {"shape": {"n": 2**28}, "ms": 1.0, "q1_ms": 1.0, "q3_ms": 1.0}]   # 1 GiB in 1 ms
    scores = report.shape_scores(PROBLEM, timings, CEILING, 4000.0, None)
    first = 2 * 2**30 * 2 / 2e-3 / 1e9  # GB/s
    assert scores[0].achieved == pytest.approx(first) and scores[0].score == pytest.approx(first / 4000)
    assert scores[0].spread == pytest.approx(0.1) and scores[0].predicted_ms == pytest.approx(2 * 2**30 * 2 / 4e12 * 1e3)
    assert score.overall(scores) == pytest.approx(math.sqrt(scores[0].score * scores[1].score))
    text = "\n".join(report.lines(PROBLEM, scores, CEILING, ["a note"]))
    assert "geometric mean over 2 shapes" in text and "published record of the h200" in text and "note: a note" in text


def test_a_record_keeps_the_score_or_the_reason(tmp_path):
    solution = tmp_path / "mine.py"
    solution.write_text("def solution(x):\n    return x\n", encoding="utf-8")
    refused = report.record(PROBLEM, solution, "h200", {"refused": {"rule": "cache", "reason": "kept"}}, None, None, [])
    assert refused["verdict"] == "refused" and refused["reason"] == "kept" and "score" not in refused
    assert refused["rule"] == "cache"
    outcome = {"device_name": "NVIDIA H200", "warmup": 5, "rule": {"min_samples": 10}, "telemetry": "nvml"}
    scores = report.shape_scores(PROBLEM, [{"shape": {"n": 2**28}, "ms": 1.0, "q1_ms": 1.0, "q3_ms": 1.0}], CEILING,
                                 4000.0, None)
    graded = report.record(PROBLEM, solution, "h200", outcome, scores, CEILING, [])
    assert graded["verdict"] == "graded" and graded["score"] == round(scores[0].score, 4)
    assert graded["ceiling"]["source"] == "the published record of the h200" and graded["method"]["l2_flushed"]
    assert len(graded["sha256"]) == 64
