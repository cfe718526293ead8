"""Recently added: the newest entries by `added` date, newest first, grouped by month."""

from __future__ import annotations

from itertools import groupby

from gpulist.load import Entry
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.reader import filters
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.text import front_matter

PAGE = "recent.md"
MIN_SHOWN = 20
MAX_SHOWN = 200


def recent_entries(view: SiteView, limit: int) -> list[Entry]:
    newest_first = sorted(view.entries, key=lambda e: (e.resource.added, e.resource.id), reverse=True)
    return newest_first[:limit]


def render_recent(view: SiteView, config: SiteConfig) -> str:
    """Everything ✨ new, but at least MIN_SHOWN and at most MAX_SHOWN entries."""
    new = sum(1 for e in view.entries if view.is_new(e.resource))
    shown = recent_entries(view, min(max(new, MIN_SHOWN), MAX_SHOWN))
    out = [front_matter({"title": "Recently added", **SEARCH_EXCLUDED})]
    out.append("# Recently added\n\nFollow new entries with the [Atom feed](feed.xml).\n")
    out.append(filters() + "\n")
    for month, group in groupby(shown, key=lambda e: e.resource.added.strftime("%B %Y")):
        out.append(f"## {month}\n\n" + entry_list(group, view, PAGE, config, topic=True, filterable=True))
    return "\n".join(out)
