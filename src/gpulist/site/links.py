"""Where things are on the site: docs-relative page paths, links between pages, permalinks.

Links between generated pages are written docs-relative to the `.md` files, so MkDocs
checks every one of them (`validation.anchors: warn` under `--strict`) and rewrites them
for whichever URL style the site uses.
"""

from __future__ import annotations

import posixpath

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


def site_path(resource: Resource) -> str:
    """The entry's permalink relative to the site root, with directory URLs."""
    return f"topics/{resource.topic}/#{resource.id}"
