"""One entry as a card on its topic page: an H3 whose anchor is the entry's id.

Cards are the bulk of every topic page, so they stay lean: plain Markdown, one class
per block, no per-card HTML wrappers. Everything a contributor wrote goes through
`gpulist.site.text`, so nothing in the data can add markup.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.models import RepoHealth
from gpulist.site.config import SiteConfig
from gpulist.site.text import escape_text, link, link_target, note_markdown
from gpulist.site.links import rel_link
from gpulist.site.view import TYPE_ICONS, SiteView


def badges(entry: Entry, view: SiteView) -> str:
    marks = ("✨" if view.is_new(entry.resource) else "") + ("🔥" if entry.resource.favorite else "")
    return f" {marks}" if marks else ""


def title_markdown(entry: Entry) -> str:
    r = entry.resource
    return link(r.title, r.url) if r.url else f"{escape_text(r.title)} *(link wanted)*"


def render_card(entry: Entry, view: SiteView, config: SiteConfig, page: str) -> str:
    r = entry.resource
    blocks = [f"### {TYPE_ICONS[r.type]} {title_markdown(entry)}{badges(entry, view)} {{ #{r.id} }}"]
    blocks.append(_meta_line(entry, view, config))
    if r.notes:
        blocks.append("\n".join(f"- {note_markdown(n)}" for n in r.notes))
    chips = [f"[{escape_text(view.tag_titles.get(t, t))}]({rel_link(page, f'tags/{t}.md')})"
             for t in r.tags if t in view.tag_titles]
    chips += [link(extra.title, extra.url) for extra in r.links]
    if chips:
        blocks.append(" ".join(chips) + "\n{: .gpulist-chips }")
    return "\n\n".join(blocks) + "\n"


def _meta_line(entry: Entry, view: SiteView, config: SiteConfig) -> str:
    r = entry.resource
    parts = []
    if r.authors:
        parts.append(escape_text(", ".join(r.authors)))
    parts += [str(r.year)] if r.year else []
    parts += [escape_text(r.venue)] if r.venue else []
    health = view.repo(r)
    if health:
        parts.append(repo_health(health))
    edit = config.edit_url(view.data_path(entry))
    parts.append(f"[edit]({link_target(edit)}){{ .gpulist-edit title=\"Edit this entry on GitHub\" }}")
    return " · ".join(parts) + "\n{: .gpulist-meta }"


def repo_health(health: RepoHealth) -> str:
    """Stars, last push and an archived warning, from `gpulist enrich`."""
    text = f"⭐ {health.stars:,}"
    if health.pushed_at:
        text += f" · last push {health.pushed_at.date().isoformat()}"
    if health.archived:
        text += " · ⚠️ archived"
    return text
