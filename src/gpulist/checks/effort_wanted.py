"""Every entry a reader finishes says how long it takes (`effort`), so a learner can plan.

A warning, like `link-wanted`: an entry is still worth listing before someone has judged
its length. Community spaces and tools are used, not read through, so they may go without.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.models import EFFORT_OPTIONAL, EFFORTS
from gpulist.problems import Problem

RULE = "effort-wanted"


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("type",), f"effort wanted: how long does '{e.resource.title}' take? ({', '.join(EFFORTS)})",
           RULE, "warning")
        for e in catalog.entries
        if e.resource.effort is None and e.resource.type not in EFFORT_OPTIONAL
    ]
