"""A reading path's page, the paths' own page (paths/), and the index of paths that opens "Start here".

A path page lists its steps in order: the entry (linked to its card), and one line on why
it comes now. Each step carries its entry id, so the reader's scripts give it the same controls
as the card, and the page's progress counts its steps. Path pages repeat entries that live
on topic pages, so they stay out of the search index, as the other listings do. paths/ has
a page of its own, so a path's address trimmed to its folder still leads somewhere.
"""

from __future__ import annotations

from gpulist.models import EFFORT_BANDS
from gpulist.site.listing import SEARCH_EXCLUDED, entry_line
from gpulist.site.reader import entry_hooks, filters, progress, progress_tools
from gpulist.view import effort
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import href
from gpulist.view.paths import PathView, Step
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text

INDEX = "paths/index.md"


def render_path(path_view: PathView, view: SiteView, config: SiteConfig) -> str:
    path = path_view.path
    out = [front_matter({"title": path.title, "description": path.description, **SEARCH_EXCLUDED})]
    out.append(f"# {escape_text(path.title)}\n\n{escape_text(path.description)}\n")
    size = effort.summary(s.entry.resource for s in path_view.steps)
    out.append(f"<p>{len(path_view.steps)} steps{', ' + size if size else ''}. {progress(path_view.ids)}</p>\n")
    out.append(filters() + "\n")
    steps = "\n".join(_step(step, view, path_view.page, config.link_style) for step in path_view.steps)
    out.append(f'<ol class="gpulist-path">\n{steps}\n</ol>\n')
    return "\n".join(out)


def _step(step: Step, view: SiteView, page: str, style: str) -> str:
    """The entry's listing line (see entry_line) with its hooks for the reading state and the
    filters, its reason below it, and its effort band."""
    band = effort.label(step.entry.resource)
    why = (f'<br><span class="gpulist-why">{html_text(step.why)}</span>'
           + (f' <span class="gpulist-effort">({band})</span>' if band else ""))
    return entry_line(step.entry, view, page, style, topic=True, attrs=entry_hooks(step.entry.resource), tail=why)


def render_path_index(view: SiteView, config: SiteConfig) -> str:
    """paths/: every path with its description, length, effort and the reader's progress."""
    out = [front_matter({"title": "Reading paths", "description": "Named routes through the list, each in the "
                         "order a learner needs it.", **SEARCH_EXCLUDED})]
    out.append("# Reading paths\n\nEach path takes you through the list in the order a learner needs it, with a "
               "line on why each step comes when it does. Mark entries as read as you go; your progress stays "
               "in this browser.\n")
    out.append(progress_tools() + "\n")
    out.append(path_index(view, INDEX, config))
    bands = " · ".join(f"{escape_text(effort.LABELS[band])} for {escape_text(length)}"
                       for band, length in EFFORT_BANDS.items())
    out.append(f"A path's hours add up its steps' efforts, each band at a typical time ({bands}); "
               "an estimate in round numbers, as the bands are.\n")
    return "\n".join(out)


def path_index(view: SiteView, page: str, config: SiteConfig) -> str:
    """Every path: its title (linked), its length and effort, the reader's progress, its description."""
    if not view.paths:
        return ""
    items = []
    for p in view.paths:
        link = f'<a href="{escape_attr(href(page, p.page, config.link_style))}"><strong>{html_text(p.path.title)}</strong></a>'
        figure = progress(p.ids, label="· read")
        size = effort.summary(s.entry.resource for s in p.steps)
        items.append(f"<li>{link} · {len(p.steps)} steps{' · ' + size if size else ''} {figure}<br>"
                     f"{html_text(p.path.description)}</li>")
    return '<ul class="gpulist-paths">\n' + "\n".join(items) + "\n</ul>\n"
