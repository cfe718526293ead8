"""Dated work has its year: a reader needs to see that a 2016 post predates tensor cores.

Advice, not an error: the year must come from the source, never a guess, so an entry may
wait for someone who has read it. Papers, posts, videos, books and courses are dated; code,
docs and tools change too often for one year to say much, and a whole blog (linked at its
home page, followed for its posts) has no one year either.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.models import Resource
from gpulist.problems import Problem

RULE = "year-wanted"
DATED_TYPES = ("paper", "blog", "video", "book", "course")


def is_dated(r: Resource) -> bool:
    """Work that appeared once, in a year: not a whole blog linked at its home page."""
    whole_blog = r.type == "blog" and r.url is not None and urlsplit(r.url).path in ("", "/")
    return r.type in DATED_TYPES and not whole_blog


def check(catalog: Catalog) -> list[Problem]:
    return [at(e, ("type",), f"year wanted: when did this {e.resource.type} appear? Take it from the source",
               RULE, "warning")
            for e in catalog.entries if e.resource.year is None and is_dated(e.resource)]
