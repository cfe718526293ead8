"""Concept pages: every entry carrying a tag, across topics, linked to its card.

Material's tags plugin can only link whole pages, not an entry's anchor, so gpulist writes
these itself. Concept pages and the tag index repeat entries or list tags, and stay out of
search: a search for "FP8" should list the entries, each its own result, not a page that
names the tag among fifty others. A tag's words are in each of its entries' chips.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.models import Concept
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.reader import filters
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.text import escape_text, front_matter, n_entries

INDEX = "tags/index.md"


def tag_page(tag_id: str) -> str:
    return f"tags/{tag_id}.md"


def render_tag(tag: Concept, view: SiteView, config: SiteConfig) -> str:
    page = tag_page(tag.id)
    entries = view.by_concept.get(tag.id, ())
    out = [front_matter({"title": f"Concept: {tag.title}", "description": tag.description, **SEARCH_EXCLUDED})]
    out.append(f"# Concept: {escape_text(tag.title)}\n\n{escape_text(tag.description)}\n")
    if tag.aliases:
        out.append("Also known as: " + ", ".join(escape_text(a) for a in tag.aliases) + "\n")
    out.append(f"{n_entries(len(entries))} · [all tags](index.md)\n")
    if entries:
        out.append(filters() + "\n")
    by_topic: dict[str, list[Entry]] = {}
    for entry in entries:
        by_topic.setdefault(entry.resource.topic, []).append(entry)
    for t in view.topics:
        if t.topic.id in by_topic:
            lines = entry_list(by_topic[t.topic.id], view, page, config, filterable=True)
            out.append(f"## {escape_text(t.topic.title)}\n\n" + lines)
    return "\n".join(out)


def render_tag_index(view: SiteView) -> str:
    out = [front_matter({"title": "Tags", **SEARCH_EXCLUDED}), "# Tags\n"]
    out.append("| Concept | Entries | About |\n|---|---:|---|")
    for tag in sorted(view.concepts, key=lambda t: t.title.casefold()):
        aliases = f" (also: {', '.join(escape_text(a) for a in tag.aliases)})" if tag.aliases else ""
        count = len(view.by_concept.get(tag.id, ()))
        out.append(f"| [{escape_text(tag.title)}]({tag.id}.md) | {count} | {escape_text(tag.description)}{aliases} |")
    return "\n".join(out) + "\n"
