"""A topic page: the guide's section, read tier by tier (or group by group); and topics/, the
list of topics, so a topic's address trimmed to its folder still leads somewhere."""

from __future__ import annotations

from gpulist.site.card import render_card
from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.reader import filters, progress
from gpulist.view import effort
from gpulist.view.catalog import SiteView, TopicView
from gpulist.view.config import SiteConfig
from gpulist.view.links import rel_link
from gpulist.view.text import escape_text, front_matter, n_entries

INDEX = "topics/index.md"
# Material's search boost for a topic page, whose sections are its entries: an entry's exact
# title then leads over a concept page (boosted too, gpulist.site.concept_page) that shares
# one of its words. Zensical has no boosts and ignores it.
SEARCH_BOOST = {"search": {"boost": 4}}


def render_topic(topic_view: TopicView, view: SiteView, config: SiteConfig) -> str:
    topic = topic_view.topic
    page = topic_view.page
    out = [front_matter({"title": topic.title, "description": topic.description, **SEARCH_BOOST})]
    out.append(f"# {escape_text(topic.title)}\n\n{escape_text(topic.description)}\n")
    out.append(_contents(topic_view))
    out.append(f'<p class="gpulist-progress-para">{progress()}</p>\n')
    out.append(filters() + "\n")
    for section in topic_view.sections:
        out.append(f"## {escape_text(section.heading)} {{ #{section.key} }}\n")
        if not section.entries:
            out.append("*No entries yet.*\n")
        out.extend(render_card(entry, view, config, page) for entry in section.entries)
    return "\n".join(out)


def _contents(topic_view: TopicView) -> str:
    """One line of counts per section, with each section's reading time and exercises, so a
    reader sees the shape of the topic, and what each tier takes, at once."""
    parts = []
    for s in topic_view.sections:
        size = effort.summary(e.resource for e in s.entries)
        parts.append(f"[{escape_text(s.heading)}](#{s.key}) ({len(s.entries)}{', ' + size if size else ''})")
    return f"{n_entries(topic_view.count)}: " + " · ".join(parts) + "\n"


def render_topic_index(view: SiteView) -> str:
    """topics/: each topic in the guide's order, with its size, the reader's progress and its one-liner."""
    out = [front_matter({"title": "Topics", "description": "The list's topics, in reading order, each read "
                         "tier by tier.", **SEARCH_EXCLUDED})]
    out.append("# Topics\n\nThe list's topics, in reading order. Each is read tier by tier, from where to "
               "start to the frontier.\n")
    for t in view.topics:
        ids = (e.resource.id for s in t.sections for e in s.entries)
        title = escape_text(f"{t.topic.number}. {t.topic.title}")
        out.append(f"- **[{title}]({rel_link(INDEX, t.page)})** · {n_entries(t.count)} "
                   f"{progress(ids, label='· read')}  \n  {escape_text(t.topic.description)}")
    return "\n".join(out) + "\n"
