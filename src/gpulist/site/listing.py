"""Compact one-line entries for pages that point at cards: tags, start here, recent."""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.load import Entry
from gpulist.site.card import badges
from gpulist.site.text import escape_text
from gpulist.site.links import entry_page, rel_link
from gpulist.site.view import TYPE_ICONS, SiteView

SEARCH_EXCLUDED = {"search": {"exclude": True}}


def entry_line(entry: Entry, view: SiteView, page: str, *, topic: bool = False) -> str:
    """`- 📄 [Title](../topics/x.md#id) ✨, 2023`: links to the card, never off-site."""
    r = entry.resource
    target = rel_link(page, f"{entry_page(r)}#{r.id}")
    line = f"- {TYPE_ICONS[r.type]} [{escape_text(r.title)}]({target}){badges(entry, view)}"
    extras = [str(r.year)] if r.year else []
    if topic:
        topic_view = next((t for t in view.topics if t.topic.id == r.topic), None)
        extras.append(escape_text(topic_view.topic.title) if topic_view else r.topic)
    return line + (" — " + ", ".join(extras) if extras else "")


def entry_list(entries: Iterable[Entry], view: SiteView, page: str, *, topic: bool = False) -> str:
    lines = [entry_line(e, view, page, topic=topic) for e in entries]
    return "\n".join(lines) + "\n" if lines else "*None yet.*\n"
