"""Measured elsewhere, cited: careful published measurements by others, data/measured-elsewhere.yml.

Our own records (data/measurements/) say what a lab of ours reached on a GPU we ran; a cited
figure says what someone else published, with the conditions they published it under. The two
never share a file or a model, so a cited number can never pass for one of ours, and the page
draws them in separate tables.

Each figure names its GPU (a row of data/gpus.yml), the GPU-table column it is measured against
(`dense.bf16`, `memory_bandwidth_gbs`), its source (an id of this file's `sources`), where in the
source it stands (table and row), the conditions as published, and a date with what that date
is: the day of the measurement, or (when the source gives none) the date of the snapshot of
the source that was read. References, the metric and the presence of a date and conditions are
checked by the cross-checks (gpulist.checks.cited_*), which know data/gpus.yml and can say what
to write; this model only refuses what is malformed where it is written.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text, Url
from gpulist.models.gpu import figure

DAY_PATTERN = r"^\d{4}-\d{2}-\d{2}$"


def _check_day(value: str) -> str:
    """A day as YYYY-MM-DD, so dates sort and compare as text; anything else gets the form to write."""
    if not re.match(DAY_PATTERN, value):
        raise PydanticCustomError("cited-date", "'{value}' is not a date: write it as YYYY-MM-DD, quoted (\"2026-08-22\")",
                                  {"value": value})
    return value


Day = Annotated[str, AfterValidator(_check_day), WithJsonSchema({"type": "string", "pattern": DAY_PATTERN})]
DATE_KINDS: tuple[str, ...] = ("measurement", "source-snapshot")


class CitedSource(Strict):
    """A published measurement table, pinned to the version that was read."""

    id: Id
    title: Text = Field(description="The document's own title (and section).")
    author: Text = Field(description="Who measured and published it.")
    url: Url = Field(description="The address of the version read: a commit, not a moving branch, where it has one.")
    snapshot: Day = Field(description="The date of the version read (a commit's date), quoted: \"2026-08-22\".")
    method: Text = Field(description="How every figure of the source was measured, as the source states it.")


class Conditions(Strict):
    """The conditions as the source publishes them for this figure; what it does not state is left out."""

    shape: Text | None = Field(default=None, description="Problem shape or size: 2048x2048x13312 (MxNxK).")
    software: Text | None = Field(default=None, description="Software versions: torch 2.7.0+cu126.")
    notes: Text | None = Field(default=None, description="Anything else the source states: settings, power, clocks.")


class CitedFigure(Strict):
    """One figure one source published for one GPU."""

    gpu: Ref = Field(description="The id of a GPU of data/gpus.yml.")
    metric: Text = Field(description="The data/gpus.yml column it is measured against: dense.bf16, memory_bandwidth_gbs.")
    value: figure("unit", "The measured value, in `unit`")  # type: ignore[valid-type]
    unit: Literal["GB/s", "TFLOPS", "TOPS"]
    source: Ref = Field(description="The id of an item of `sources`.")
    where: Text = Field(description="Where in the source: table and row.")
    conditions: Conditions | None = Field(default=None, description="The conditions as published.")
    date: Day | None = Field(default=None, description="The measurement's date, or the source snapshot's, quoted.")
    date_of: Literal[DATE_KINDS] | None = Field(  # type: ignore[valid-type]
        default=None, description="What `date` is: `measurement`, or `source-snapshot` when the source gives no date.")


class CitedFile(Strict):
    sources: list[CitedSource] = Field(min_length=1)
    figures: list[CitedFigure] = Field(min_length=1)
