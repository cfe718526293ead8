"""Where things are on the site: docs-relative page paths, links between pages, permalinks.

Two kinds of link, for two kinds of content:

- Markdown links (`rel_link`) are written docs-relative to the `.md` files, so MkDocs checks
  every one of them (`validation.anchors: warn` under `--strict`) and rewrites them for
  whichever URL style the site uses. Used where a page has few links.
- Raw HTML links (`href`) are written as the built URLs, with directory URLs
  (`use_directory_urls`, MkDocs' and Zensical's default). Used by the long listings and by
  cards: Python-Markdown passes an HTML block through untouched, at a third of the cost of
  the same links as Markdown, but MkDocs neither checks nor rewrites them, so the build
  tests follow every one of them in the built site.
"""

from __future__ import annotations

import posixpath
from functools import lru_cache

from gpulist.models import Resource


def entry_page(resource: Resource) -> str:
    return f"topics/{resource.topic}.md"


def rel_link(from_page: str, target: str) -> str:
    """A docs-relative Markdown link, which MkDocs checks and rewrites to the built URL.

    Both paths are generated, normalised and relative to docs/, so plain string work
    suffices; posixpath.relpath costs a getcwd() per call, felt at 10,000 entries.
    """
    here = posixpath.dirname(from_page)
    if not here:
        return target
    prefix = here + "/"
    if target.startswith(prefix):
        return target[len(prefix):]
    return "../" * (here.count("/") + 1) + target


@lru_cache(maxsize=4096)  # a few hundred pages, asked for once per listed entry and chip
def built_url(page: str) -> str:
    """A docs page's URL relative to the site root: `tags/x.md` -> `tags/x/`, `index.md` -> ``."""
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def to_root(page: str) -> str:
    """From where `page` is served back to the site root: `tags/x.md` -> `../../`."""
    return "../" * built_url(page).count("/")


def href(from_page: str, target: str) -> str:
    """The built URL of `target` (`topics/x.md#id`), relative to where `from_page` is served."""
    path, _, anchor = target.partition("#")
    if not path:
        return f"#{anchor}"
    url = to_root(from_page) + built_url(path) or "./"
    return f"{url}#{anchor}" if anchor else url


def site_path(resource: Resource) -> str:
    """The entry's permalink relative to the site root, with directory URLs."""
    return f"{built_url(entry_page(resource))}#{resource.id}"
