"""A bound is shown as a bound: never beside a prediction, and never read as "× the model".

A vendor's peak or a line rate only limits what a kernel can do; a share of it read as the
kernel's efficiency is how the labs came to print 0% for launch overhead (issue 41). So in a
version 2 record (labs/RECORDS.md, rules 2 and 7) a point or summary row carries `predicted`
or `bound`, never both; a row's `ratio_kind` says which it is (`x-model` needs a prediction
and its model, `share-of-bound` a bound), a ratio computed against a bound but called
`x-model` is refused, the ratio agrees with its arithmetic to 1%, and at most a quarter of a
lab's points are bounds only.
"""

from __future__ import annotations

from typing import Any

from gpulist.checks._labs import items, number, points, v2_records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog, Document
from gpulist.problems import Problem

RULE = "measurement-bound"
TOLERANCE = 0.01
MAX_BOUND_SHARE = 0.25
TIME_UNITS = ("s", "ms", "us", "ns")  # for a time, a share of the bound is the bound over the measurement


def expected_ratio(row: dict[str, Any]) -> float | None:
    """The ratio the row's numbers give, as labs/harness/records.py's ratio_of computes it."""
    measured, kind = number(row.get("measured")), row.get("ratio_kind")
    against = number(row.get("predicted" if kind == "x-model" else "bound"))
    if not measured or not against:
        return None
    if kind == "share-of-bound" and row.get("unit") in TIME_UNITS:
        return against / measured
    return measured / against


def _kind_problem(row: dict[str, Any]) -> str | None:
    kind, predicted, bound = row.get("ratio_kind"), "predicted" in row, "bound" in row
    if kind == "x-model" and bound and not predicted:
        return ("this ratio is computed against a bound, not a model: a bound only limits the result, so the ratio is "
                "`share-of-bound`, never `x-model`")
    if kind == "x-model" and not (predicted and row.get("model")):
        return "`x-model` is measured over a model's prediction: the row needs `predicted` and `model`"
    if kind == "share-of-bound" and not bound:
        return "`share-of-bound` is a share of a bound: the row needs `bound`"
    if kind is None and "ratio" in row:
        return "a ratio says what it is: `ratio_kind: x-model` or `share-of-bound`"
    return None


def _row_problem(doc: Document, k: int, row: dict[str, Any]) -> Problem | None:
    if "predicted" in row and "bound" in row:
        return at_doc(doc, ("summary", k, "bound"), "a row has a model's prediction or a bound, never both", RULE)
    why = _kind_problem(row)
    if why:
        return at_doc(doc, ("summary", k, "ratio_kind"), why, RULE)
    wanted, ratio = expected_ratio(row), number(row.get("ratio"))
    if wanted is not None and ratio is not None and abs(ratio - wanted) > TOLERANCE * wanted:
        return at_doc(doc, ("summary", k, "ratio"), f"ratio {ratio:g} disagrees with its numbers, which give "
                      f"{wanted:.4g} ({row.get('ratio_kind')})", RULE)
    return None


def _point_problems(doc: Document, data: dict[str, Any]) -> list[Problem]:
    found, total, bounds, first = [], 0, 0, None
    for i, _, j, point in points(data):
        total += 1
        if "bound" in point and "predicted" in point:
            found.append(at_doc(doc, ("series", i, "points", j, "bound"), "a point has a model's prediction or a "
                                "bound, never both", RULE))
        elif "bound" in point:
            bounds += 1
            first = first or ("series", i, "points", j, "bound")
    if total and bounds / total > MAX_BOUND_SHARE and first:
        found.append(at_doc(doc, first, f"{bounds} of the lab's {total} points are bounds only: at most a quarter "
                            "may be; model the effect and predict the others", RULE))
    return found


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in v2_records(catalog):
        problems += _point_problems(doc, data)
        problems += [p for k, row in items(data, "summary") if (p := _row_problem(doc, k, row))]
    return problems
