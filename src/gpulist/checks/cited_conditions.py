"""Every cited figure says when, and under what conditions, it was measured.

A measured rate depends on the software of its day and the shape it was run at, so a cited
figure without a date or the conditions its source publishes cannot be weighed by a reader.
A figure needs `conditions` with at least one of shape, software and notes, a `date`, and
`date_of` saying what that date is; where the date is missing, the message offers the
snapshot date of the figure's source, which is what to write when the source gives none.
"""

from __future__ import annotations

from typing import Any

from gpulist.checks._cited import at_cited, items, text
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "cited-conditions"
CONDITION_FIELDS = ("shape", "software", "notes")


def check(catalog: Catalog) -> list[Problem]:
    snapshots = {sid: text(s, "snapshot") for _, s in items(catalog, "sources") if (sid := text(s, "id"))}
    problems = []
    for i, item in items(catalog, "figures"):
        for field, message in _missing(item, snapshots.get(text(item, "source") or "")):
            problems.append(at_cited(catalog, ("figures", i, field) if field in item else ("figures", i), message, RULE))
    return problems


def _missing(item: dict[str, Any], snapshot: str | None) -> list[tuple[str, str]]:
    """(field, message) for each of date, date_of and conditions the figure lacks."""
    found = []
    if "date" not in item or item["date"] is None:
        offer = (f": write the measurement's date, or the source's snapshot date (\"{snapshot}\") with "
                 "`date_of: source-snapshot`" if snapshot else ": write the measurement's or the source snapshot's date")
        found.append(("date", "a cited figure needs a `date`" + offer))
    elif item.get("date_of") is None:
        found.append(("date_of", "a cited figure needs `date_of`: `measurement`, or `source-snapshot` when the "
                                 "source gives no date"))
    conditions = item.get("conditions")
    if not isinstance(conditions, dict) or not any(conditions.get(f) for f in CONDITION_FIELDS):
        found.append(("conditions", "a cited figure needs the `conditions` its source publishes (shape, software, "
                                    "notes): at least one of them"))
    return found
