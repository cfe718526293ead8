"""The list as one Markdown file in the guide's own format: sections, tiers, legend, badges.

`gpulist export readme` writes it for a repository front page (GitHub renders it), and
`gpulist build` publishes the same file beside the site as README.md. Its contents block
links with GitHub's heading anchors (`github_slug`), which is where it is read.
"""

from __future__ import annotations

import re

from gpulist.load import Entry
from gpulist.models import Resource
from gpulist.view import effort, marks
from gpulist.view.catalog import SiteView, TopicView
from gpulist.view.guide import TYPE_ICONS, intro, legend
from gpulist.view.text import escape_text, link, note_markdown

TITLE = "GPU Performance Engineering Reading List"


def render_readme(view: SiteView) -> str:
    out = [f"# {TITLE}\n", f"{intro(len(view.topics))}\n", "**Legend:** " + legend().replace("\n\n", " · ")]
    out.append("## Contents\n\n" + "\n".join(
        f"{t.topic.number}. [{escape_text(t.topic.title)}](#{github_slug(_heading(t))}) ({t.count})"
        for t in view.topics) + "\n")
    out.extend(_topic(t, view) for t in view.topics)
    return "\n".join(out)


def _heading(topic_view: TopicView) -> str:
    return f"{topic_view.topic.number}. {topic_view.topic.title}"


def github_slug(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase, punctuation dropped, each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def _topic(topic_view: TopicView, view: SiteView) -> str:
    out = [f"## {escape_text(_heading(topic_view))}\n", f"{escape_text(topic_view.topic.description)}\n"]
    for section in topic_view.sections:
        if section.entries:
            out.append(f"### {escape_text(section.heading)}\n")
            out.append("\n".join(_entry(e, view) for e in section.entries) + "\n")
    return "\n".join(out)


def _entry(entry: Entry, view: SiteView) -> str:
    r = entry.resource
    title = f"**{link(r.title, r.url)}**" if r.url else f"**{escape_text(r.title)}** (link wanted)"
    badges = ("✨" if view.is_new(r) else "") + ("🔥" if r.favorite else "")
    byline = escape_text(", ".join(r.authors)) + (f" ({r.year})" if r.year else "")
    line = f"- {TYPE_ICONS[r.type]} {title}" + (f" — {byline.strip()}" if byline.strip() else "")
    line += "".join(f" · {escape_text(x)}" for x in _takes(r))
    line += f" {badges}" if badges else ""
    subs = [f"  - {note_markdown(n)}" for n in r.notes]
    known = [escape_text(view.concept_titles[c]) for c in r.requires if c in view.concept_titles]
    if known:
        subs.append("  - Know first: " + ", ".join(known))
    later = [view.entry_by_id[i].resource for i in r.continued_by if i in view.entry_by_id]
    if later:
        subs.append("  - Continued by: " + ", ".join(escape_text(x.title) for x in later))
    if r.links:
        subs.append("  - " + " · ".join(link(x.title, x.url) for x in r.links))
    return "\n".join([line, *subs])


def _takes(r: Resource) -> list[str]:
    """What the entry takes: its effort band, its access when not free, its language when not
    English, and "not yet reviewed" when nobody has read it for the list yet."""
    band = effort.label(r)
    access = [effort.ACCESS_LABELS[r.access]] if r.access != "free" else []
    return ([band] if band else []) + access + marks.marks(r)
