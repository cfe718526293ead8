"""A reading path's page, and the index of paths that opens "Start here".

A path page lists its steps in order: the entry (linked to its card), and one line on why
it comes now. Each step carries its entry id, so reader.js gives it the same read toggle
as the card, and the page's progress counts its steps. Path pages repeat entries that live
on topic pages, so they stay out of the search index, as the other listings do.
"""

from __future__ import annotations

from gpulist.site.listing import SEARCH_EXCLUDED, entry_line
from gpulist.site.reader import entry_hooks, filters, progress
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import href
from gpulist.view.paths import PathView, Step
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text


def render_path(path_view: PathView, view: SiteView, config: SiteConfig) -> str:
    path = path_view.path
    out = [front_matter({"title": path.title, "description": path.description, **SEARCH_EXCLUDED})]
    out.append(f"# {escape_text(path.title)}\n\n{escape_text(path.description)}\n")
    out.append(f"<p>{progress(path_view.ids)}</p>\n")
    out.append(filters() + "\n")
    steps = "\n".join(_step(step, view, path_view.page, config.link_style) for step in path_view.steps)
    out.append(f'<ol class="gpulist-path">\n{steps}\n</ol>\n')
    return "\n".join(out)


def _step(step: Step, view: SiteView, page: str, style: str) -> str:
    """The entry's listing line (see entry_line) with its hooks for the reading state and the
    filters, and its reason below it."""
    why = f'<br><span class="gpulist-why">{html_text(step.why)}</span>'
    return entry_line(step.entry, view, page, style, topic=True, attrs=entry_hooks(step.entry.resource), tail=why)


def path_index(view: SiteView, page: str, config: SiteConfig) -> str:
    """Every path: its title (linked), its length, the reader's progress, its description."""
    if not view.paths:
        return ""
    items = []
    for p in view.paths:
        link = f'<a href="{escape_attr(href(page, p.page, config.link_style))}"><strong>{html_text(p.path.title)}</strong></a>'
        figure = progress(p.ids, label="· read")
        items.append(f"<li>{link} · {len(p.steps)} steps {figure}<br>{html_text(p.path.description)}</li>")
    return '<ul class="gpulist-paths">\n' + "\n".join(items) + "\n</ul>\n"
