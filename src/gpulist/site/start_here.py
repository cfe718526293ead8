"""Start here: each topic's one or two best first reads; the full tiers stay on the topic pages.

It was every tier-1 entry of every topic, then tier 2 and 3 (20,270 px tall at 1280 px);
a reader choosing where to begin needs a handful of choices and why each, not the whole
list. The first reads are the first of each topic's first tier (or group) in learning order
(gpulist.view.order), which a curator steers with `position`.

One place per block: the reading paths, "Continue", "Ready for you" and the progress tools
are the home page's (and the paths' own page's); this page repeated them, so a reader met
the same blocks under two names. It links the paths instead.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.path_page import INDEX as PATHS_PAGE
from gpulist.view.catalog import SiteView, TopicView
from gpulist.view.config import SiteConfig
from gpulist.view.links import rel_link
from gpulist.view.text import escape_text, front_matter

PAGE = "start-here.md"
FIRST_READS = 2


def first_reads(topic: TopicView) -> list[Entry]:
    """The topic's best first reads: the first of its first non-empty tier or group."""
    section = next((s for s in topic.sections if s.entries), None)
    return list(section.entries[:FIRST_READS]) if section else []


def render_start_here(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Start here", **SEARCH_EXCLUDED})]
    paths = (f" To be led step by step instead, follow a [reading path]({rel_link(PAGE, PATHS_PAGE)})."
             if view.paths else "")
    out.append("# Start here\n\nEach topic's first reads: where a learner begins it. Every tier is on the topic's "
               f"page.{paths} Mark entries as you go; your progress stays in this browser.\n")
    for t in view.topics:
        reads = first_reads(t)
        if reads:
            out.append(f"## {escape_text(f'{t.topic.number}. {t.topic.title}')}\n")
            out.append(entry_list(reads, view, PAGE, config, filterable=True))
            out.append(f"[All {t.count} entries of {escape_text(t.topic.title)}, tier by tier]({rel_link(PAGE, t.page)})\n")
    return "\n".join(out)
