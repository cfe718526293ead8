"""The cited-figure model (data/measured-elsewhere.yml): a number in a known unit, a pinned source,
a date in one form; what needs the GPU file (GPU, metric, peak) is left to the checks."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from gpulist.models import CitedFigure, CitedFile, CitedSource

SOURCE = {"id": "mamf", "title": "A table", "author": "A. Measurer", "url": "https://example.org/t#x",
          "snapshot": "2026-08-22", "method": "mean of 100 iterations"}
FIGURE = {"gpu": "h100-sxm", "metric": "dense.bf16", "value": 794.5, "unit": "TFLOPS", "source": "mamf",
          "where": "BF16 table, row NVIDIA H100 SXM", "conditions": {"shape": "2048x2048x13312"},
          "date": "2026-08-22", "date_of": "source-snapshot"}


def _error(model: Any, data: dict[str, Any]) -> dict[str, Any]:
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    (error,) = info.value.errors()
    return error


def test_a_figure_and_its_file_validate() -> None:
    file = CitedFile.model_validate({"sources": [SOURCE], "figures": [FIGURE]})
    assert file.figures[0].value == 794.5 and file.figures[0].conditions.software is None


@pytest.mark.parametrize(("field", "value", "kind"), [
    ("value", "794.5", "figure-type"), ("value", -1, "figure-range"), ("value", True, "figure-type"),
    ("unit", "TFLOP/s", "literal_error"), ("date", "22 Aug 2026", "cited-date"), ("date_of", "published", "literal_error"),
    ("conditions", {"clock": "1980 MHz"}, "extra_forbidden"),
])
def test_a_malformed_field_is_refused_where_it_is_written(field: str, value: Any, kind: str) -> None:
    error = _error(CitedFigure, {**FIGURE, field: value})
    assert error["type"] == kind and error["loc"][0] == field


def test_date_and_conditions_are_left_to_the_check_that_knows_the_source() -> None:
    """cited-conditions offers the source's snapshot date; the model only refuses a malformed one."""
    bare = {k: v for k, v in FIGURE.items() if k not in ("date", "date_of", "conditions")}
    assert CitedFigure.model_validate(bare).date is None


@pytest.mark.parametrize("field", ["url", "snapshot", "method", "author"])
def test_a_source_names_its_pinned_address_date_method_and_author(field: str) -> None:
    error = _error(CitedSource, {k: v for k, v in SOURCE.items() if k != field})
    assert error["type"] == "missing" and error["loc"] == (field,)
