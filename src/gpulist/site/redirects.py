"""Redirect pages for the old tag addresses: tags/<id>/ now lives at concepts/<id>/.

Tags grew into concepts, and links to the tag pages are out in the world (bookmarks, chat
messages, other lists). A static host has no server-side redirects, so each old address
gets a tiny HTML page: a meta refresh, a canonical link for crawlers, and a plain link for
anyone whose browser does not follow the refresh. Written beside the built site, not
through the engine, which would wrap each in a whole themed page.
"""

from __future__ import annotations

from gpulist.view.catalog import SiteView
from gpulist.view.text import escape_attr, html_text

INDEX = "tags/index.html"


def redirect_page(target: str, title: str) -> str:
    """`target` relative to the redirect page's own folder."""
    url = escape_attr(target)
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html_text(title)}</title>\n"
            f'<meta http-equiv="refresh" content="0; url={url}">\n<link rel="canonical" href="{url}">\n'
            f'<meta name="robots" content="noindex">\n</head>\n<body>\n'
            f'<p>This page has moved to <a href="{url}">{html_text(title)}</a>.</p>\n</body>\n</html>\n')


def tag_redirects(view: SiteView) -> dict[str, str]:
    pages = {f"tags/{c.id}/index.html": redirect_page(f"../../concepts/{c.id}/", c.title) for c in view.concepts}
    pages[INDEX] = redirect_page("../concepts/", "Concepts")
    return pages
