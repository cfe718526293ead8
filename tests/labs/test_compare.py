"""harness.compare: a reader's figures beside the published ones, and what is beyond the noise."""

from __future__ import annotations

import pytest

from harness import compare


def _record(measured: float, spread: float = 0.02, xs=(1, 2)) -> dict:
    return {"series": [{"id": "s", "points": [{"x": x} for x in xs]}],
            "summary": [{"what": "copy, 2 GiB", "unit": "GB/s", "measured": measured, "spread": spread,
                         "run_spread": 0.01}]}


def test_a_difference_within_the_spreads_is_not_flagged():
    [row] = compare.compare_lab(_record(4200.0), _record(4250.0))
    assert row["ratio"] == pytest.approx(4200 / 4250) and not row["beyond_spread"]


def test_a_difference_beyond_the_spreads_is_flagged():
    [row] = compare.compare_lab(_record(2000.0), _record(4250.0))
    assert row["beyond_spread"] and row["yours_spread"] == pytest.approx(0.02)


def test_labs_of_another_version_are_named_and_the_rest_compared():
    mine = {"a": _record(1.0), "b": _record(1.0, xs=(1, 2, 4)), "c": _record(1.0)}
    result = compare.compare(mine, {"a": _record(1.0), "b": _record(1.0)})
    assert list(result["compared"]) == ["a"] and result["differ"] == ["b"] and result["unpublished"] == ["c"]
    lines = compare.table(result, "l4", "h200")
    assert any("b: measured other points" in line for line in lines) and lines[-1] == "your l4 against the published h200"


def test_the_nearest_published_gpu_is_the_same_one_else_the_closest_bandwidth():
    bandwidth = {"h200": 4800.0, "h100-sxm": 3350.0, "a100-80gb-sxm": 2039.0, "l4": 300.0}
    assert compare.nearest("h200", {"h200": 1, "h100-sxm": 1}, bandwidth) == "h200"
    assert compare.nearest("a100-80gb-sxm", {"h200": 1, "h100-sxm": 1}, bandwidth) == "h100-sxm"
