"""The Nsight Compute metrics the labs may read: data/counters.yml, one item per metric.

A record's counters are worth showing only if a reader can tell what each number is: its
unit (as ncu reports it in base units; ncu prints none for plain counts and ratios, written
`count` and `ratio`) and what it shows about the kernel. The labs read this same file
(labs/harness/catalog.py) to choose what to ask ncu for; the site shows `title` and `shows`
beside each counter of a record, and `gpulist validate` refuses a record's counter that is
not listed here or carries another unit (gpulist.checks.measurement_counters).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from gpulist.models.fields import Strict, Text
from gpulist.models.path import MAX_WHY, one_line, one_line_schema

MetricName = Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]+(?:\.[a-z0-9_]+)*$")]
Shows = Annotated[Text, one_line(MAX_WHY, "say in one sentence what the counter shows"), one_line_schema(MAX_WHY)]


class CounterInfo(Strict):
    metric: MetricName = Field(description="The metric's name as `ncu --metrics` takes it.")
    unit: Text = Field(description="The base unit ncu reports it in; `count` or `ratio` where it prints none.")
    title: Text = Field(description="A short name for a table's row.")
    shows: Shows = Field(description="One sentence: what the number says about the kernel.")


class CounterFile(Strict):
    counters: list[CounterInfo] = Field(min_length=1, description="Every metric a lab may ask ncu for.")

    def by_metric(self) -> dict[str, CounterInfo]:
        return {c.metric: c for c in self.counters}
