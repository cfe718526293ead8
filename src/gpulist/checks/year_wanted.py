"""Dated work has its year: a reader needs to see that a 2016 post predates tensor cores.

Advice, not an error: the year must come from the source, never a guess, so an entry may
wait for someone who has read it. Papers, posts, videos, books and courses are dated; code,
docs and tools change too often for one year to say much, and neither has a series that keeps
growing: a whole blog linked at its home page or at one of its categories (followed for its
posts), or a YouTube playlist (a recurring show) appeared over many years, not in one.
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
    """Work that appeared once, in a year: not a whole blog, a blog's category, or a playlist."""
    return r.type in DATED_TYPES and not (r.url is not None and _is_series(r.type, r.url))


def _is_series(kind: str, url: str) -> bool:
    parts = urlsplit(url)
    if kind == "blog":
        return parts.path in ("", "/") or "category" in parts.path.lower().split("/")
    return kind == "video" and parts.path == "/playlist" and "list=" in parts.query


def check(catalog: Catalog) -> list[Problem]:
    return [at(e, ("type",), f"year wanted: when did this {e.resource.type} appear? Take it from the source",
               RULE, "warning")
            for e in catalog.entries if e.resource.year is None and is_dated(e.resource)]
