"""A merged point keeps one median per run it was merged from.

Each point of a version 2 record keeps its median, quartiles and sample count (the model
refuses one without them); a record merged from several runs (labs/harness/merge.py) also
keeps each run's median in `runs`, which is what the page's run-to-run spread is drawn from.
A `runs` list of another length than `conditions.runs` would show a spread of other runs, so
it is refused at the list (labs/RECORDS.md, rule 3).
"""

from __future__ import annotations

from gpulist.checks._labs import points, v2_records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "measurement-spread"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in v2_records(catalog):
        conditions = data.get("conditions")
        runs = conditions.get("runs") if isinstance(conditions, dict) else None
        if not isinstance(runs, int) or isinstance(runs, bool):
            continue
        for i, _, j, point in points(data):
            medians = point.get("runs")
            if isinstance(medians, list) and len(medians) != runs:
                problems.append(at_doc(doc, ("series", i, "points", j, "runs"), f"{len(medians)} run medians for a "
                                       f"record merged from {runs} run{'s' if runs != 1 else ''} "
                                       "(`conditions.runs`): one median per run", RULE))
    return problems
