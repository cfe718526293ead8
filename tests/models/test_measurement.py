"""The record and lab models on their own: what a point, an axis, a ceiling and a lab accept."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from gpulist.models import METRIC_UNITS, X_UNITS, Y_UNITS, Lab, Measurement, script_of
from tests.fixtures.make_records import matmul_ceilings, valid_record


def _errors(data: dict) -> list[tuple[str, str]]:
    with pytest.raises(ValidationError) as caught:
        Measurement.model_validate(data)
    return [(".".join(map(str, e["loc"][:5])), e["type"]) for e in caught.value.errors()]


def test_the_fixture_records_are_valid() -> None:
    for made in (valid_record(), matmul_ceilings()):
        assert Measurement.model_validate(made).lab == made["lab"]


def test_a_category_axis_takes_labels_but_not_numbers_written_with_units() -> None:
    made = matmul_ceilings()
    assert Measurement.model_validate(made).series[0].points[0].x == "bf16"
    made["series"][0]["points"][0]["x"] = "32 elements"
    assert any(t == "figure-unit" for _, t in _errors(made))


@pytest.mark.parametrize(("field", "value"), [("y", "4300 GB/s"), ("y", True), ("y", -1.0), ("predicted", "4,800")])
def test_a_point_holds_numbers_only(field: str, value: object) -> None:
    made = valid_record()
    made["series"][0]["points"][0][field] = value
    assert _errors(made)


def test_units_come_from_the_one_list_each_axis_has() -> None:
    assert "GB/s" in Y_UNITS and "FLOP/B" in X_UNITS and "GB/s" not in X_UNITS
    made = valid_record()
    made["series"][0]["x"]["unit"] = "gb/s"
    (error,) = _errors(made)
    assert error[1] == "measurement-unit"
    made = copy.deepcopy(valid_record())
    made["series"][0]["y"]["unit"] = "tflops"  # a case slip is named
    with pytest.raises(ValidationError, match="did you mean 'TFLOPS'"):
        Measurement.model_validate(made)


def test_each_ceiling_is_written_in_its_metric_unit() -> None:
    assert METRIC_UNITS["dense.int8"] == "TOPS" and METRIC_UNITS["dense.bf16"] == "TFLOPS"
    made = matmul_ceilings()
    made["ceilings"][0]["unit"] = "TOPS"
    assert _errors(made) == [("ceilings.0", "measurement-unit")]


def test_every_condition_is_required() -> None:
    made = valid_record()
    del made["conditions"]["before"]["temperature_c"]
    assert _errors(made) == [("conditions.before.temperature_c", "missing")]


def test_a_lab_script_follows_its_id() -> None:
    assert script_of("launch-overhead") == "labs/launch_overhead.py"
    lab = {"id": "x", "title": "X", "script": "labs/x.py", "shows": "One sentence.", "concepts": ["cuda"]}
    assert Lab.model_validate(lab).gpus_needed == 1
    with pytest.raises(ValidationError):
        Lab.model_validate({**lab, "shows": "Two\nlines."})
