"""A title a tool wrote as a stand-in (`arXiv:2502.01234`, `example.org/post`) is not a title.

`gpulist new` and `gpulist import` write one when nothing better is known (offline, or a page
without a title), so a contributor sees where the entry points and fixes it; until then it is
an error, or it would reach the site as the entry's name. The stand-in is made here, beside the
rule that recognises it, so the two can never drift apart.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from gpulist.checks._util import at
from gpulist.identity import arxiv_id
from gpulist.load import Catalog
from gpulist.models import Resource
from gpulist.problems import Problem

RULE = "placeholder-title"
_ARXIV_ONLY = re.compile(r"^arxiv:\s*\d{4}\.\d{4,5}(?:v\d+)?$", re.IGNORECASE)


def placeholder_title(url: str) -> str:
    """A stand-in the contributor will see and fix: where the entry points, readably."""
    paper = arxiv_id(url)
    if paper:
        return f"arXiv:{paper}"
    parts = urlsplit(url)
    host = (parts.hostname or "link").removeprefix("www.")
    return f"{host}{unquote(parts.path.rstrip('/'))}" or url  # '%E6%BA%90' is read as '源'


def is_placeholder(r: Resource) -> bool:
    """The title is what the URL or the arXiv id alone says, or the address itself."""
    title = r.title.strip()
    if _ARXIV_ONLY.match(title) or title.lower().startswith(("http://", "https://")):
        return True
    return r.url is not None and title in (placeholder_title(r.url), r.url)


def check(catalog: Catalog) -> list[Problem]:
    return [
        at(e, ("title",), f"placeholder title '{e.resource.title}': write the resource's own title", RULE)
        for e in catalog.entries
        if is_placeholder(e.resource)
    ]
