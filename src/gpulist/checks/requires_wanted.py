"""A tier 2 or tier 3 entry says what it assumes (`requires`), since its tier says it is not a start.

Its "Know first" chips are how a learner on a topic page knows whether to read it now.
Tier 1 entries and grouped topics are starts, and need none. Advice (see ADVICE_CHECKS): a
contributor adding an entry may not know yet what it assumes; the real data is held to it
by tests/test_real_data.py.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "requires-wanted"


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("tier",), f"a tier {e.resource.tier} entry names what it assumes: add `requires:` "
                         "with the concept ids a reader must know first", RULE,
           "warning")
        for e in catalog.entries
        if e.resource.tier in (2, 3) and not e.resource.requires
    ]
