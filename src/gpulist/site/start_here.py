"""Start here: a chooser, not a listing. The paths, with who each is for; then, per topic,
its one or two best first reads; the full tiers stay on the topic pages.

It was every tier-1 entry of every topic, then tier 2 and 3 (20,270 px tall at 1280 px);
a reader choosing where to begin needs a handful of choices and why each, not the whole
list. The first reads are the first of each topic's first tier (or group) in learning order
(gpulist.view.order), which a curator steers with `position`.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.next_step import path_choices
from gpulist.site.reader import next_steps, progress_tools
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
    out.append("# Start here\n\nChoose a reading path: each takes you through the list in the order a learner "
               "needs it, with a line on why each step comes when it does. Or begin with a topic's first reads. "
               "Mark entries as you go; your progress stays in this browser, and you can export it to another.\n")
    choices = path_choices(view, PAGE, config)
    if choices:
        out.append("## Reading paths { #paths }\n")
        out.append(choices)
    # Below the paths, not above them: the script fills and reveals these after the first
    # paint, and anything they pushed down in view would count as a layout shift.
    out.append(next_steps() + "\n")
    out.append(progress_tools() + "\n")
    out.append("## First reads by topic { #topics }\n\nWhere each topic starts; every tier is on the topic's page.\n")
    for t in view.topics:
        reads = first_reads(t)
        if reads:
            out.append(f"### {escape_text(f'{t.topic.number}. {t.topic.title}')}\n")
            out.append(entry_list(reads, view, PAGE, config, filterable=True))
            out.append(f"[All {t.count} entries of {escape_text(t.topic.title)}, tier by tier]({rel_link(PAGE, t.page)})\n")
    return "\n".join(out)
