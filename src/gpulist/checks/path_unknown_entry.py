"""Each step of a reading path names an entry of the catalog.

A path is a promise to a reader ("read this next"); a step whose entry was renamed or
removed would leave a hole in it, so the id has to exist, with the closest id suggested.
"""

from __future__ import annotations

from gpulist.checks._paths import at_step, written_paths, written_steps
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "path-unknown-entry"


def check(catalog: Catalog) -> list[Problem]:
    known = {e.resource.id for e in catalog.entries}
    problems = []
    for i, steps in written_paths(catalog):
        for step in written_steps(steps, i):
            if step.entry not in known:
                hint = suggest(step.entry, known) or " (the id is the file name under resources/, without .yml)"
                problems.append(at_step(catalog, step, f"unknown entry '{step.entry}'{hint}", RULE))
    return problems
