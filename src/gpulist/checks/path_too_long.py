"""A reading path has at most MAX_STEPS steps.

Paths are read over weeks, a few steps a sitting; a longer one is two paths (or a topic
page), so the first step over the limit is reported, where the split would go.
"""

from __future__ import annotations

from gpulist.checks._paths import WrittenStep, at_step, written_paths
from gpulist.load import Catalog
from gpulist.models import MAX_STEPS
from gpulist.problems import Problem

RULE = "path-too-long"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, steps in written_paths(catalog):
        if len(steps) > MAX_STEPS:
            msg = (f"this path has {len(steps)} steps, more than {MAX_STEPS}: "
                   "split it into two paths, or keep the essential steps")
            problems.append(at_step(catalog, WrittenStep(i, MAX_STEPS, ""), msg, RULE, field=""))
    return problems
