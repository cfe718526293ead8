"""Two files whose titles are the same, or nearly (a subtitle, a leading "The", case and
punctuation apart), probably list one resource under two URLs: a book's publisher page and
its shop page, a paper's arXiv abstract and its proceedings. The URLs differ, so the
`duplicate` rule cannot see it; the title can. Only a warning: two resources may share a name.
"""

from __future__ import annotations

from gpulist.checks._util import at, oldest_first
from gpulist.identity import TitleIndex, identity_keys
from gpulist.load import Catalog, Entry
from gpulist.problems import Problem

RULE = "possible-duplicate"
CATCH_ALL = "blog"  # the type `gpulist import` leaves when the URL does not tell


def same_kind(a: str, b: str) -> bool:
    """A paper, its repository and its talk share a name and are three resources; a copy
    typed with the catch-all may be any of them, so it is compared with all."""
    return a == b or CATCH_ALL in (a, b)


def describe(where: object, how: str, title: str) -> str:
    """The warning's words, shared by validate, import and new."""
    return f"possible duplicate of {where} ({how}: '{title}')"


def check(catalog: Catalog) -> list[Problem]:
    """One pass, bucketed by normalized title: each newer entry (`oldest_first`) names the first one it matches."""
    index: TitleIndex[Entry] = TitleIndex()
    problems: list[Problem] = []
    for entry in oldest_first(catalog.entries):
        r = entry.resource
        found = index.find(r.title, lambda e: same_kind(e.resource.type, r.type) and not _same_identity(e, entry))
        if found is not None:
            first, how = found
            problems.append(at(entry, ("title",), describe(first.doc.path, how, first.resource.title), RULE, "warning"))
        index.add(r.title, entry)
    return problems


def _same_identity(a: Entry, b: Entry) -> bool:
    """Already an error of the `duplicate` rule: saying it twice helps nobody."""
    ra, rb = a.resource, b.resource
    return bool(identity_keys(ra.url, ra.arxiv, ra.doi) & identity_keys(rb.url, rb.arxiv, rb.doi))
