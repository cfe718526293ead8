"""An entry without a canonical URL is allowed but flagged, so someone can find the link."""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "link-wanted"


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("url",), f"link wanted: '{e.resource.title}' has no canonical URL yet", RULE, "warning")
        for e in catalog.entries
        if e.resource.url is None
    ]
