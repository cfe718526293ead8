"""Compact one-line entries for pages that point at cards: tags, start here, recent, home.

These listings hold every entry once or more (tag pages and start here repeat the whole
catalog between them), so they are written as raw HTML: Python-Markdown passes an HTML
block through untouched, where the same lines as Markdown cost three times as much to
build. Every value is escaped here; links are written for the engine (see gpulist.view.links).
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.load import Entry
from gpulist.site.card import badges
from gpulist.site.icons import TYPE_ICONS
from gpulist.site.reader import entry_hooks
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import entry_href
from gpulist.view.text import escape_attr, html_text

SEARCH_EXCLUDED = {"search": {"exclude": True}}


def entry_line(entry: Entry, view: SiteView, page: str, style: str, *, topic: bool = False,
               attrs: str = "", tail: str = "") -> str:
    """`<li>(icon) <a href="../topics/x/#id">Title</a> (badge) — 2023</li>`: to the card, never off-site.

    `attrs` (written as is, with its leading space) go on the `<li>`, and `tail` (HTML) after
    the line, inside it: a path's step adds its id (gpulist.site.reader) and its reason.
    """
    r = entry.resource
    target = escape_attr(entry_href(page, r, style))
    line = f'<li{attrs}>{TYPE_ICONS[r.type]} <a href="{target}">{html_text(r.title)}</a>{badges(entry, view)}'
    extras = [str(r.year)] if r.year else []
    if topic:
        topic_view = next((t for t in view.topics if t.topic.id == r.topic), None)
        extras.append(html_text(topic_view.topic.title if topic_view else r.topic))
    return line + (" — " + ", ".join(extras) if extras else "") + tail + "</li>"


def added(entry: Entry) -> str:
    """" · added 24 Nov 2026", machine-readable too: for listings of recent additions."""
    day = entry.resource.added
    return (f' <span class="gpulist-added">· added <time datetime="{day.isoformat()}">'
            f"{day.day} {day.strftime('%b %Y')}</time></span>")


def entry_list(entries: Iterable[Entry], view: SiteView, page: str, config: SiteConfig, *,
               topic: bool = False, filterable: bool = False, dated: bool = False) -> str:
    """The entries as listing lines; `filterable` lines carry their id and filter data
    (gpulist.site.reader), for pages with a filter form, and `dated` ones the day they were
    added. Not filterable by default: each hook becomes a status menu in the browser."""
    lines = [entry_line(e, view, page, config.link_style, topic=topic, tail=added(e) if dated else "",
                        attrs=entry_hooks(e.resource) if filterable else "") for e in entries]
    if not lines:
        return "*None yet.*\n"
    return '<ul class="gpulist-list">\n' + "\n".join(lines) + "\n</ul>\n"
