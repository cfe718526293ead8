"""A reading path has at most MAX_STEPS steps.

Paths are read over weeks, a few steps a sitting; a longer one is two paths (or a topic
page), so the first step over the limit is reported, where the split would go.
"""

from __future__ import annotations

from gpulist.checks._paths import written_paths
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.models import MAX_STEPS
from gpulist.problems import Problem

RULE = "path-too-long"


def check(catalog: Catalog) -> list[Problem]:
    doc = catalog.paths_doc
    if doc is None:
        return []
    problems = []
    for i, steps in written_paths(catalog):
        if len(steps) > MAX_STEPS:
            msg = (f"this path has {len(steps)} steps, more than {MAX_STEPS}: "
                   "split it into two paths, or keep the essential steps")
            # Located on the first step over the limit (the step itself, not its entry).
            problems.append(at_doc(doc, (i, "steps", MAX_STEPS), msg, RULE))
    return problems
