"""Recently added: the newest entries, newest first, each with the day it was added.

At most SHOWN, so the page says what changed lately rather than listing half the catalog
(188 entries once, when two imports fell within its window). Entries added the same day
come most recently published first (gpulist.view.catalog.newest_first), the order the feed
and the home page's list share.
"""

from __future__ import annotations

from itertools import groupby

from gpulist.load import Entry
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.reader import filters
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.text import front_matter

PAGE = "recent.md"
SHOWN = 40


def recent_entries(view: SiteView, limit: int) -> list[Entry]:
    return view.newest_first[:limit]


def render_recent(view: SiteView, config: SiteConfig) -> str:
    shown = recent_entries(view, SHOWN)
    out = [front_matter({"title": "Recently added", **SEARCH_EXCLUDED})]
    out.append(f"# Recently added\n\nThe {len(shown)} latest additions, newest first, each with the day it joined the "
               "list. Follow new entries with the [Atom feed](feed.xml).\n")
    out.append(filters() + "\n")
    for month, group in groupby(shown, key=lambda e: e.resource.added.strftime("%B %Y")):
        out.append(f"## {month}\n\n" + entry_list(group, view, PAGE, config, topic=True, filterable=True, dated=True))
    return "\n".join(out)
