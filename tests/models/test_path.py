"""The reading-path model: what a path and a step may hold."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpulist.models import MAX_STEPS, ReadingPath

STEP = {"entry": "flashattention-2", "why": "The kernel itself."}
PATH = {"id": "attention-first", "title": "Attention first", "description": "Where to start.", "steps": [STEP]}


def _errors(**changes: object) -> list[str]:
    with pytest.raises(ValidationError) as info:
        ReadingPath.model_validate({**PATH, **changes})
    return [e["type"] for e in info.value.errors()]


def test_a_path_holds_its_steps_in_order() -> None:
    path = ReadingPath.model_validate({**PATH, "steps": [STEP, {"entry": "semianalysis", "why": "  Then the map. "}]})
    assert [s.entry for s in path.steps] == ["flashattention-2", "semianalysis"]
    assert path.steps[1].why == "Then the map."


@pytest.mark.parametrize(("why", "error"), [
    ("First line.\nSecond line.", "one-line"),
    ("x" * 201, "one-line"),
    ("   ", "string_too_short"),
    (5, "string_type"),
])
def test_why_is_one_short_line_of_text(why: object, error: str) -> None:
    assert _errors(steps=[{**STEP, "why": why}]) == [error]


def test_a_path_needs_steps_and_known_fields() -> None:
    assert _errors(steps=[]) == ["too_short"]
    assert _errors(steps=[{**STEP, "note": "x"}]) == ["extra_forbidden"]
    assert _errors(id="Attention First") == ["bad-id"]


def test_length_is_left_to_the_check_but_offered_to_editors() -> None:
    """The model accepts a long path so `path-too-long` can point at the step to split at."""
    steps = [{"entry": f"e-{i}", "why": "w"} for i in range(MAX_STEPS + 5)]
    assert len(ReadingPath.model_validate({**PATH, "steps": steps}).steps) == MAX_STEPS + 5
    assert ReadingPath.model_json_schema()["properties"]["steps"]["maxItems"] == MAX_STEPS
