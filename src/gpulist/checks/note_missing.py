"""Every entry has a note: the card says why a reader should open it, and without one it is a bare link.

An error, unlike `note-too-short` (advice): a short note can still name what the entry is
about, where a missing one says nothing. `gpulist new` writes none when the page gave no
description, so a contributor's skeleton fails here until someone writes it.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "note-missing"


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("title",), "note missing: add `notes:` with a line saying what a reader learns here and why "
                          "this entry", RULE)
        for e in catalog.entries
        if not e.resource.notes
    ]
