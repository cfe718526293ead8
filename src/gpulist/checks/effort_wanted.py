"""An unread entry without an `effort` is advised to get one once someone reads it.

Advice, not an error (that is `effort-missing`, for read entries): an entry with
`reviewed: false` was listed from its address alone, and its length is unknown until
someone opens it; a guessed band would mislead a learner planning a week.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.checks.effort_missing import wants_effort
from gpulist.load import Catalog
from gpulist.models import EFFORTS
from gpulist.problems import Problem

RULE = "effort-wanted"


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("type",), f"effort wanted: how long does '{e.resource.title}' take, once read? ({', '.join(EFFORTS)})",
           RULE, "warning")
        for e in catalog.entries
        if not e.resource.reviewed and wants_effort(e.resource)
    ]
