"""sitemap.xml for a site built without its published address (the default `make site`).

Both themes (Material under MkDocs, and Zensical) preview a link on hover (`data-preview`:
the definitions' concept links) and follow it by instant navigation only when sitemap.xml
lists its page. Without a site URL both engines write an empty sitemap, so the default build
had no previews. Zensical's theme reads each listed address by its path, relative to the
shortest one, and puts it under the site's own base, scheme, host and port, so previews work
wherever the site is served; Material under MkDocs takes the scheme and host from the page but
keeps the path and the port, so its previews work for a site served at a host's root on the
default port (and, as before, wherever a site URL is given). Neither uses the origin itself:
this sitemap lists every page under `https://gpulist.invalid/`, a name that can never be a real
host (RFC 2606's `.invalid`), rather than guess an address. With a site URL the engine's own
sitemap, with the real addresses, is kept.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.view.text import html_text

PATH = "sitemap.xml"
PLACEHOLDER = "https://gpulist.invalid/"


def page_path(doc: str) -> str | None:
    """The directory URL of a Markdown page ("gpus.md" -> "gpus/", "index.md" -> ""); None otherwise."""
    if not doc.endswith(".md"):
        return None
    stem = doc[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem[: -len("index")]
    return stem + "/"


def local_sitemap(docs: Iterable[str]) -> str:
    paths = sorted({p for doc in docs if (p := page_path(doc)) is not None})
    urls = "".join(f"<url><loc>{html_text(PLACEHOLDER + p)}</loc></url>\n" for p in paths)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n')
