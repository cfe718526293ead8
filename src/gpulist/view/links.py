"""Where things are on the site: docs-relative page paths, links between pages, permalinks.

Two kinds of link, for two kinds of content:

- Markdown links (`rel_link`) are written docs-relative to the `.md` files, so the engine
  checks every one of them (`validation.anchors: warn` under `--strict`) and rewrites them for
  whichever URL style the site uses. Used where a page has few links.
- Raw HTML links (`href`), used by the long listings and by cards: Python-Markdown passes an
  HTML block through untouched, at a third of the cost of the same links as Markdown. The
  engines treat them differently, so the site's `link_style` says how to write them:
  - BUILT (MkDocs): the built URL, with directory URLs (`use_directory_urls`, the default);
    MkDocs neither checks nor rewrites raw HTML, so the build tests follow every link.
  - SOURCE (Zensical): the built URL, but relative to the source file's folder, as Zensical
    reads raw HTML links: it rewrites them from the source file's place to the page's. Not
    as `.md` links, which it would also check: at 10,000 entries that check of ~100,000
    listing and chip links took 7 of Zensical's 13 CPU seconds (the build tests follow every
    link of the built site instead, as for MkDocs).
"""

from __future__ import annotations

import posixpath
from functools import lru_cache

from gpulist.models import Resource

BUILT = "built"
SOURCE = "source"


def entry_page(resource: Resource) -> str:
    return f"topics/{resource.topic}.md"


def rel_link(from_page: str, target: str) -> str:
    """A docs-relative Markdown link, which the engine checks and rewrites to the built URL.

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
    """A docs page's URL relative to the site root: `concepts/x.md` -> `concepts/x/`, `index.md` -> ``."""
    stem = page.removesuffix(".md")
    if stem == "index" or stem.endswith("/index"):
        return stem.removesuffix("index")
    return stem + "/"


def to_root(page: str) -> str:
    """From where `page` is served back to the site root: `concepts/x.md` -> `../../`."""
    return "../" * built_url(page).count("/")


def href(from_page: str, target: str, style: str = BUILT) -> str:
    """A raw HTML link from `from_page` to `target`: a page (`topics/x.md#id`) or another
    file of the site (`resources.json`), written as the engine expects (see above)."""
    path, _, anchor = target.partition("#")
    if not path:
        return f"#{anchor}"
    built = built_url(path) if path.endswith(".md") else path
    url = (rel_link(from_page, built) if style == SOURCE else to_root(from_page) + built) or "./"
    return f"{url}#{anchor}" if anchor else url


def entry_href(from_page: str, resource: Resource, style: str = BUILT) -> str:
    """A raw HTML link from `from_page` to the entry's card."""
    return href(from_page, f"{entry_page(resource)}#{resource.id}", style)


def site_path(resource: Resource) -> str:
    """The entry's permalink relative to the site root, with directory URLs."""
    return f"{built_url(entry_page(resource))}#{resource.id}"
