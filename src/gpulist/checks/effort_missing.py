"""A read entry says how long it takes (`effort`), so a learner can plan a week with it.

An error for every entry a curator has read: its length is known to them. An entry with
`reviewed: false` was listed from its address alone, so nobody has judged its length and
writing one would be a guess; it stays advice (`effort-wanted`). Tools and community spaces
are used, not read through, so they may go without.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.models import EFFORT_OPTIONAL, EFFORTS, Resource
from gpulist.problems import Problem

RULE = "effort-missing"


def wants_effort(r: Resource) -> bool:
    return r.effort is None and r.type not in EFFORT_OPTIONAL


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("type",), f"effort missing: how long does a reader need for it? ({', '.join(EFFORTS)})", RULE)
        for e in catalog.entries
        if e.resource.reviewed and wants_effort(e.resource)
    ]
