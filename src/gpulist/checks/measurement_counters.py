"""A record's counter is a metric of data/counters.yml, in the unit the catalogue gives it.

A counter is evidence only if a reader can tell what it counts: "16777216" is sectors or
bytes or instructions, and the catalogue (data/counters.yml, read by the labs to choose
what to ask ncu for) says which and what it shows. So every counter of a version 2 record
is a catalogued metric, reported at the metric with the one probably meant, and carries the
catalogue's unit, reported at the unit (labs/RECORDS.md, rule 4).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._labs import items, v2_records
from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "measurement-counter"
CATALOGUE = "data/counters.yml"


def counter_values(data: dict[str, Any]) -> Iterator[tuple[Loc, dict[str, Any]]]:
    """(location, item) of every metric of every kernel of the record's counters, as written."""
    counters = data.get("counters")
    for k, kernel in items(counters if isinstance(counters, dict) else {}, "kernels"):
        for m, value in items(kernel, "metrics"):
            yield ("counters", "kernels", k, "metrics", m), value


def _problem(units: dict[str, str], loc: Loc, value: dict[str, Any]) -> tuple[Loc, str] | None:
    metric, unit = value.get("metric"), value.get("unit")
    if not isinstance(metric, str):
        return None
    if metric not in units:
        hint = suggest(metric, units).removeprefix(": ") or "a lab reads only catalogued metrics"
        return (*loc, "metric"), f"counter '{metric}' is not in {CATALOGUE}: {hint}"
    if isinstance(unit, str) and unit != units[metric]:
        return (*loc, "unit"), f"{metric} is counted in '{units[metric]}' ({CATALOGUE}), not '{unit}'"
    return None


def check(catalog: Catalog) -> list[Problem]:
    units = {c.metric: c.unit for c in catalog.counters.counters} if catalog.counters else {}
    problems = []
    for doc, data in v2_records(catalog):
        for loc, value in counter_values(data):
            found = _problem(units, loc, value)
            if found:
                problems.append(at_doc(doc, found[0], found[1], RULE))
    return problems
