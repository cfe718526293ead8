"""The home page: what the list is in one line, the way in (the paths, and the step to take
next), then the topics, what is new, and the rest.

The first screen, at 1280×800 and at 412×915, holds the line, the row of the site's tools
(gpulist.site.tools_row), "Your next step" and the
paths to choose from, each with who it is for, its steps, hours and exercises
(gpulist.site.next_step); the legend, the long introduction and the exports come after the
topics. Everything here repeats entries that live on topic pages, so the page stays out of
the search index; entries are found through their own cards.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.icons import FAVORITE, NEW, TYPE_ICONS
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.next_step import next_step_card, path_choices
from gpulist.site.reader import next_steps, progress, progress_tools
from gpulist.site.recent import recent_entries
from gpulist.site.review_page import anki_links, published_link
from gpulist.site.tools_row import tools_row
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.guide import intro, legend
from gpulist.view.links import href
from gpulist.view.text import escape_attr, front_matter, html_text, n_entries

PAGE = "index.md"
RECENT_ON_HOME = 5


def lead(view: SiteView) -> str:
    """What the site is, in one line."""
    return (f'<p class="gpulist-lead">A curated reading list for GPU performance engineering: '
            f"{len(view.entries):,} entries in {len(view.topics)} topics, from a first kernel to serving and "
            "training on many GPUs. Choose a path to start.</p>")


def render_home(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Home", **SEARCH_EXCLUDED})]
    out.append(f"# GPU performance engineering reading list\n\n{lead(view)}\n")
    out.append(tools_row(view, PAGE, config))
    out.append(next_step_card(view, PAGE, config))
    if view.paths:
        out.append("## Choose a path { #paths }\n\n" + path_choices(view, PAGE, config))
    # "Continue" and "Ready for you" below the paths: the script fills and reveals them after
    # the first paint, and nothing in view should move when it does.
    out.append(next_steps() + "\n" + progress_tools() + "\n")
    out.append(f"## Topics\n\n{intro(len(view.topics))}\n\n" + _topic_cards(view, config))
    recent = recent_entries(view, RECENT_ON_HOME)
    out.append("## Recently added\n\n" + entry_list(recent, view, PAGE, config, topic=True, dated=True))
    out.append("[All recent additions](recent.md) · [Atom feed](feed.xml)\n")
    favourites: list[Entry] = [e for e in view.entries if e.resource.favorite]
    out.append("## Favourites\n\n" + entry_list(favourites, view, PAGE, config, topic=True))
    out.append(f"## Legend\n\n{legend(TYPE_ICONS, NEW, FAVORITE)}")
    out.append("## Exports\n\n[resources.json](resources.json) (the whole catalog as JSON) · "
               f"{published_link(config, PAGE, 'README.md')} (the whole list on one page, in Markdown) · "
               f"{published_link(config, PAGE, 'gpulist.bib')} (every entry as BibTeX, keyed by its id) · "
               "[Atom feed](feed.xml)\n\n"
               f"The check questions, for review: [Review](review.md) here, or in Anki: {anki_links(config, PAGE)}\n")
    return "\n".join(out)


def _topic_cards(view: SiteView, config: SiteConfig) -> str:
    """Material's grid cards, written as the HTML its `markdown` attribute would produce,
    so the site needs no md_in_html (which slows every raw HTML block of every page)."""
    cards = []
    for t in view.topics:
        title = html_text(f"{t.topic.number}. {t.topic.title}")
        ids = (e.resource.id for s in t.sections for e in s.entries)
        cards.append(f'<li><p><strong><a href="{escape_attr(href(PAGE, t.page, config.link_style))}">{title}</a></strong> · '
                     f"{n_entries(t.count)} {progress(ids, label='· read')}</p><hr>"
                     f"<p>{html_text(t.topic.description)}</p></li>")
    return '<div class="grid cards">\n<ul>\n' + "\n".join(cards) + "\n</ul>\n</div>\n"
