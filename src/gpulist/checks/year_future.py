"""No year lies ahead: a year after this one is a typo.

Compared with today's date rather than a fixed bound, so the rule never needs updating;
the model already refuses years outside 1950–2100.
"""

from __future__ import annotations

import datetime as dt

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "year-in-future"


def check(catalog: Catalog, today: dt.date | None = None) -> list[Problem]:
    this_year = (today or dt.date.today()).year
    return [at(e, ("year",), f"year {e.resource.year} is in the future (it is {this_year})", RULE)
            for e in catalog.entries if e.resource.year is not None and e.resource.year > this_year]
