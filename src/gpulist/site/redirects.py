"""Redirect pages for the old tag addresses: tags/<id>/ now lives at concepts/<id>/.

Tags grew into concepts, and links to the tag pages are out in the world (bookmarks, chat
messages, other lists). A static host has no server-side redirects, so each old address
gets a tiny HTML page: a meta refresh, a canonical link for crawlers, and a plain link for
anyone whose browser does not follow the refresh. An old link pasted into a chat is
previewed from this page (chat services do not follow a meta refresh), so it carries the
same sharing metadata as the pages (overrides/main.html): the concept's title and one-liner,
its new address as og:url and canonical when the site address is known. Written beside the
built site, not through the engine, which would wrap each in a whole themed page.
"""

from __future__ import annotations

from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.text import escape_attr, html_text

INDEX = "tags/index.html"
CONCEPTS_ABOUT = "The concepts of GPU performance engineering, and what to read for each."


def redirect_page(target: str, title: str, about: str, config: SiteConfig, new_path: str) -> str:
    """`target` relative to the redirect page's own folder; `new_path` the same page from the
    site's root, for the absolute canonical address when the site's address is known."""
    url = escape_attr(config.page_url(new_path) if config.site_url else target)
    head = [f'<meta http-equiv="refresh" content="0; url={escape_attr(target)}">',
            f'<link rel="canonical" href="{url}">', '<meta name="robots" content="noindex">',
            f'<meta property="og:title" content="{escape_attr(title)}">',
            f'<meta property="og:description" content="{escape_attr(about)}">',
            '<meta property="og:type" content="website">',
            f'<meta property="og:site_name" content="{escape_attr(config.site_name)}">',
            *([f'<meta property="og:url" content="{url}">'] if config.site_url else []),
            '<meta name="twitter:card" content="summary">']
    return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>{html_text(title)}</title>\n'
            + "\n".join(head) + '\n</head>\n<body>\n'
            f'<p>This page has moved to <a href="{escape_attr(target)}">{html_text(title)}</a>.</p>\n</body>\n</html>\n')


def tag_redirects(view: SiteView, config: SiteConfig) -> dict[str, str]:
    pages = {f"tags/{c.id}/index.html": redirect_page(f"../../concepts/{c.id}/", c.title, c.description, config,
                                                      f"concepts/{c.id}/") for c in view.concepts}
    pages[INDEX] = redirect_page("../concepts/", "Concepts", CONCEPTS_ABOUT, config, "concepts/")
    return pages
