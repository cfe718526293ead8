"""A reading path's page, and the paths' own page (paths/).

A path page says who the path is for and lists its steps in order: the entry (linked to its
card), and one line on why it comes now. Each step carries its entry id, so the reader's
scripts give it the same control as the card, mark the next step and make read and skipped
steps look done, and the page's figure counts every step ("3 read, 1 skipped, 11 to go"; a
skipped step stays in the total). Path pages repeat entries that live on topic pages, so
they stay out of the search index, as the other listings do. paths/ has a page of its own,
so a path's address trimmed to its folder still leads somewhere.
"""

from __future__ import annotations

from gpulist.models import EFFORT_BANDS
from gpulist.site.listing import SEARCH_EXCLUDED, entry_line
from gpulist.site import next_step
from gpulist.site.step_checks import step_checks
from gpulist.site.reader import entry_hooks, filters, path_choice, progress, progress_tools
from gpulist.view import effort
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.paths import PathView, Step
from gpulist.view.text import escape_text, front_matter, html_text

INDEX = "paths/index.md"


def render_path(path_view: PathView, view: SiteView, config: SiteConfig) -> str:
    path = path_view.path
    out = [front_matter({"title": path.title, "description": path.description, **SEARCH_EXCLUDED})]
    who = f"**{escape_text(next_step.who(path_view))}** " if path.audience else ""
    out.append(f"# {escape_text(path.title)}\n\n{who}{escape_text(path.description)}\n")
    out.append(f"<p>{next_step.size(path_view)}.</p>\n")
    # A line of its own for what the script fills, kept open for it (reader.css), so nothing moves.
    out.append(f'<p class="gpulist-path-status">{progress(path_view.ids, whole=True, tally=True)}'
               f"<span{path_choice(path.id)}></span></p>\n")
    out.append(filters() + "\n")
    steps = "\n".join(_step(step, view, path_view.page, config.link_style) for step in path_view.steps)
    out.append(f'<ol class="gpulist-path">\n{steps}\n</ol>\n')
    return "\n".join(out)


def _step(step: Step, view: SiteView, page: str, style: str) -> str:
    """The entry's listing line (see entry_line) with its hooks for the reading state and the
    filters, its reason below it, its effort band and what it costs to read ("free", "paid":
    a paid step's reason says which chapters), and its concepts' check questions, folded
    (gpulist.site.step_checks): a step leads to the questions that say whether it stuck."""
    meta = effort.with_access(step.entry.resource)
    why = (f'<br><span class="gpulist-why">{html_text(step.why)}</span> <span class="gpulist-effort">({html_text(meta)})</span>'
           + step_checks(step.entry, view, page, style))
    return entry_line(step.entry, view, page, style, topic=True, attrs=entry_hooks(step.entry.resource), tail=why)


def render_path_index(view: SiteView, config: SiteConfig) -> str:
    """paths/: every path with its description, length, effort and the reader's progress."""
    out = [front_matter({"title": "Reading paths", "description": "Named routes through the list, each in the "
                         "order a learner needs it.", **SEARCH_EXCLUDED})]
    out.append("# Reading paths\n\nEach path takes you through the list in the order a learner needs it, with a "
               "line on why each step comes when it does. Mark entries as read as you go; your progress stays "
               "in this browser.\n")
    out.append(progress_tools() + "\n")
    out.append(next_step.path_choices(view, INDEX, config, described=True))
    bands = " · ".join(f"{escape_text(effort.LABELS[band])} for {escape_text(length)}"
                       for band, length in EFFORT_BANDS.items())
    out.append(f"A path's hours add up its steps' efforts, each band at a typical time ({bands}); "
               "an estimate in round numbers, as the bands are.\n")
    return "\n".join(out)
