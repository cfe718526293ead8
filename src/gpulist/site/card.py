"""One entry as a card on its topic page: an H3 whose anchor is the entry's id.

Cards are the bulk of every topic page, so they stay lean. The heading and the notes are
Markdown (the heading feeds the table of contents and search; notes are Markdown on
purpose). The meta line and the chips are raw HTML paragraphs, which Python-Markdown passes
through untouched: as Markdown, with attr_list classes and links MkDocs must resolve, they
were a third of a topic page's build time. Everything a contributor wrote is escaped by
`gpulist.view.text`, so nothing in the data can add markup.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.models import RepoHealth, Resource
from gpulist.view import effort, marks
from gpulist.site.reader import cite, entry_hooks
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.site.icons import ARCHIVED, FAVORITE, NEW, STARS, TYPE_ICONS
from gpulist.view.links import entry_href, href
from gpulist.view.text import escape_attr, escape_text, html_text, link, note_markdown


def badges(entry: Entry, view: SiteView) -> str:
    marks = (NEW if view.is_new(entry.resource) else "") + (FAVORITE if entry.resource.favorite else "")
    return f" {marks}" if marks else ""


def title_markdown(entry: Entry) -> str:
    r = entry.resource
    return link(r.title, r.url) if r.url else f"{escape_text(r.title)} *(link wanted)*"


def render_card(entry: Entry, view: SiteView, config: SiteConfig, page: str, *, searched: bool = True) -> str:
    """`searched=False` keeps the card out of the search index: a copy of a card shown on
    another page (a concept's first reads) would be a second result for the same entry."""
    r = entry.resource
    exclude = "" if searched else " data-search-exclude"
    blocks = [f"### {TYPE_ICONS[r.type]} {title_markdown(entry)}{badges(entry, view)} {{ #{r.id}{exclude} }}"]
    blocks.append(_meta_line(entry, view, config))
    blocks.append(know_first(r, view, page, config.link_style))
    if r.notes:
        blocks.append("\n".join(f"- {note_markdown(n)}" for n in r.notes))
    blocks.append(_continued_by(r, view, page, config.link_style))
    blocks.append(_concept_chips(r, view, page, config.link_style))
    blocks.append(_more_links(r))
    blocks.append(cite(r))
    return "\n\n".join(b for b in blocks if b) + "\n"


def _concept_chips(r: Resource, view: SiteView, page: str, style: str) -> str:
    """The entry's concepts as chips: a chip always leads to a concept page, so a reader
    learns one look for one kind of link."""
    chips = [_a(href(page, f"concepts/{t}.md", style), view.concept_titles[t])
             for t in r.tags if t in view.concept_titles]
    return f'<p class="gpulist-chips">{" ".join(chips)}</p>' if chips else ""


def _more_links(r: Resource) -> str:
    """The entry's other links (code, slides, a publisher's page) as a plain line of links,
    never styled like concept chips."""
    if not r.links:
        return ""
    return f'<p class="gpulist-links">Also: {" · ".join(_a(x.url, x.title) for x in r.links)}</p>'


def know_first(r: Resource, view: SiteView, page: str, style: str) -> str:
    """"Know first:" chips for the concepts the entry requires, each to its concept page.

    All of them are written; the reader's scripts hide those the reader has covered (the contract is
    in gpulist.site.reader), so without JavaScript every prerequisite shows."""
    known = [c for c in r.requires if c in view.concept_titles]
    if not known:
        return ""
    links = " ".join(f'<a href="{escape_attr(href(page, f"concepts/{c}.md", style))}" data-gpulist-concept="{c}">'
                     f"{html_text(view.concept_titles[c])}</a>" for c in known)
    return f'<p class="gpulist-know-first" data-gpulist-requires="{" ".join(known)}">Know first: {links}</p>'


def _continued_by(r: Resource, view: SiteView, page: str, style: str) -> str:
    """The entry's successors, each linked to its card: the line of work a reader follows next."""
    later = [view.entry_by_id[i] for i in r.continued_by if i in view.entry_by_id]
    if not later:
        return ""
    links = " · ".join(f'<a href="{escape_attr(entry_href(page, e.resource, style))}">{html_text(e.resource.title)}</a>'
                       for e in later)
    return f'<p class="gpulist-continued">Continued by: {links}</p>'


def _meta_line(entry: Entry, view: SiteView, config: SiteConfig) -> str:
    r = entry.resource
    parts = []
    if r.authors:
        parts.append(html_text(", ".join(r.authors)))
    parts += [str(r.year)] if r.year else []
    parts += [html_text(r.venue)] if r.venue else []
    band = effort.label(r)
    parts += [f'<span class="gpulist-effort" title="effort: {r.effort}">{band}</span>'] if band else []
    parts += [f'<span class="gpulist-access">{effort.ACCESS_LABELS[r.access]}</span>'] if r.access != "free" else []
    parts += _marks(r)
    health = view.repo(r)
    if health:
        parts.append(repo_health(health))
    edit = config.edit_url(view.data_path(entry))
    if edit:
        parts.append(f'<a class="gpulist-edit" href="{escape_attr(edit)}" title="Edit this entry on GitHub" '
                     'data-search-exclude>edit</a>')
    return f'<p class="gpulist-meta"{entry_hooks(r)}>{" · ".join(parts)}</p>'


def _marks(r: Resource) -> list[str]:
    """The entry's language (with its tag, so screen readers and search know it) and the
    "not yet reviewed" mark, both plain text a reader understands."""
    out = []
    label = marks.language_label(r)
    if label:
        out.append(f'<span class="gpulist-language" data-gpulist-language="{escape_attr(r.language or "")}">'
                   f"{html_text(label)}</span>")
    if not r.reviewed:
        out.append(f'<span class="gpulist-unreviewed" title="{escape_attr(marks.UNREVIEWED_TITLE)}">'
                   f"{marks.UNREVIEWED}</span>")
    return out


def _a(url: str, text: str) -> str:
    return f'<a href="{escape_attr(url)}">{html_text(text)}</a>'


def repo_health(health: RepoHealth) -> str:
    """Stars, last push and an archived warning, from `gpulist enrich`."""
    text = f"{STARS} {health.stars:,}"
    if health.pushed_at:
        text += f" · last push {health.pushed_at.date().isoformat()}"
    if health.archived:
        text += f" · {ARCHIVED} archived"
    return text
