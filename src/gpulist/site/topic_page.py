"""A topic page: the guide's section, read tier by tier (or group by group)."""

from __future__ import annotations

from gpulist.site.card import render_card
from gpulist.site.reader import filters, progress
from gpulist.view.catalog import SiteView, TopicView
from gpulist.view.config import SiteConfig
from gpulist.view.text import escape_text, front_matter, n_entries


def render_topic(topic_view: TopicView, view: SiteView, config: SiteConfig) -> str:
    topic = topic_view.topic
    page = topic_view.page
    out = [front_matter({"title": topic.title, "description": topic.description})]
    out.append(f"# {escape_text(topic.title)}\n\n{escape_text(topic.description)}\n")
    out.append(_contents(topic_view))
    out.append(f"<p>{progress()}</p>\n")
    out.append(filters() + "\n")
    for section in topic_view.sections:
        out.append(f"## {escape_text(section.heading)} {{ #{section.key} }}\n")
        if not section.entries:
            out.append("*No entries yet.*\n")
        out.extend(render_card(entry, view, config, page) for entry in section.entries)
    return "\n".join(out)


def _contents(topic_view: TopicView) -> str:
    """One line of counts per section, so a reader sees the shape of the topic at once."""
    parts = [f"[{escape_text(s.heading)}](#{s.key}) ({len(s.entries)})" for s in topic_view.sections]
    return f"{n_entries(topic_view.count)}: " + " · ".join(parts) + "\n"
