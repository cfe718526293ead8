"""The home page: what the list is, how to read it, and where to start.

Everything here repeats entries that live on topic pages, so the page stays out of the
search index; entries are found through their own cards.
"""

from __future__ import annotations

from gpulist.load import Entry
from gpulist.site.icons import FAVORITE, NEW, TYPE_ICONS
from gpulist.site.listing import SEARCH_EXCLUDED, entry_list
from gpulist.site.path_page import path_index
from gpulist.site.reader import next_steps, progress, progress_tools
from gpulist.site.recent import recent_entries
from gpulist.site.start_here import STEPS, steps
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.guide import intro, legend
from gpulist.view.links import href
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text, n_entries

PAGE = "index.md"
RECENT_ON_HOME = 10


def render_home(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Home", **SEARCH_EXCLUDED})]
    out.append(f"# GPU performance engineering reading list\n\n{intro(len(view.topics))}\n")
    out.append(f"## Legend\n\n{legend(TYPE_ICONS, NEW, FAVORITE)}")
    out.append("## Topics\n\n" + _topic_cards(view, config))
    out.append("## Start here\n\n" + _start_here(view, config))
    recent = recent_entries(view, RECENT_ON_HOME)
    out.append("## Recently added\n\n" + entry_list(recent, view, PAGE, config, topic=True))
    out.append("[All recent additions](recent.md) · [Atom feed](feed.xml)\n")
    favourites: list[Entry] = [e for e in view.entries if e.resource.favorite]
    out.append("## Favourites\n\n" + entry_list(favourites, view, PAGE, config, topic=True))
    out.append("## Exports\n\n[resources.json](resources.json) (the whole catalog as JSON) · "
               f"{_published_link(config, 'README.md')} (the whole list on one page, in the guide's format) · "
               f"{_published_link(config, 'gpulist.bib')} (every entry as BibTeX, keyed by its id) · "
               "[Atom feed](feed.xml)\n")
    return "\n".join(out)


def _published_link(config: SiteConfig, name: str) -> str:
    """README.md and gpulist.bib are published beside the built site, never through the engine
    (gpulist.publish.render says why), and both engines take a relative link to a `.md` file for
    a link to a page, which a strict build refuses. So they are linked by their published
    address, an external link to them, and only named when the address is unknown (a local
    build without a site URL)."""
    if not config.site_url:
        return f"{name}, beside the built site"
    return f'<a href="{escape_attr(config.page_url(name))}">{name}</a>'


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


def _start_here(view: SiteView, config: SiteConfig) -> str:
    """The reading paths, then the guide's tiers: each step names the topic sections to read,
    linked to their tiers; the entries themselves are on start-here.md, so the home page
    stays short at any size."""
    # The reader's next steps open this section, below the topics: the script fills and
    # reveals them after the first paint, and nothing in view should move when it does.
    out = [next_steps() + "\n"]
    if view.paths:
        out.append(path_index(view, PAGE, config) + progress_tools() + "\n")
    out.append("Read Tier 1 of every topic in the guide's order, then Tier 2, then Tier 3.\n")
    for tier, ((key, title), entries) in enumerate(zip(STEPS, steps(view)), 1):
        sections = [f"[{escape_text(t.topic.title)}]({t.page}#{s.key}) ({len(s.entries)})"
                    for t in view.topics for s in t.sections if s.tier == tier and s.entries]
        out.append(f"{tier}. **[{title}](start-here.md#{key})** ({n_entries(len(entries))}): " + " · ".join(sections))
    return "\n".join(out) + "\n"
