"""The concepts index (concepts/): the map, then the A–Z of concepts.

The map (gpulist.site.concept_map) shows how the concepts build on each other; the A–Z
lists every concept with its one-liner. The index of the book behind the vocabulary has a
page of its own (gpulist.site.book_page), linked from here: at the end of this page it
had made it 37,388 px tall at 1280 px.

It stays out of search, as the other listings do: it names every concept, and would
outrank the concept pages themselves. It hides the table of contents, which would list
one heading, so the map gets the width of the page.
"""

from __future__ import annotations

from gpulist.site.book_page import PAGE as BOOK_PAGE
from gpulist.site.concept_map import render_map
from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.reserve import reserve_style
from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import layout
from gpulist.view.config import SiteConfig
from gpulist.view.links import href, rel_link
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text

PAGE = "concepts/index.md"


def render_concepts(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Concepts", "description": "The concepts of GPU performance engineering, "
                         "how they build on each other, and what to read for each", **SEARCH_EXCLUDED,
                         "hide": ["toc"]})]
    out.append("# Concepts\n\nEach concept has a page: what it is, what to understand first, what it unlocks, "
               "the reads to start with and everything else the list holds on it. The map draws each concept to the "
               "right of the ones it requires, from the foundations on the left to the frontier on the right, "
               "coloured by area; with progress marked, a bar under each concept fills as you read.\n")
    if view.book:
        out.append(f"The index of *{escape_text(view.book_title)}*, each term linked to the concept that covers it, "
                   f"is on [a page of its own]({rel_link(PAGE, BOOK_PAGE)}).\n")
    out.append(render_map(layout(list(view.concepts)), view, PAGE, config.link_style))
    out.append("## Concepts A–Z { #a-z }\n")
    out.append(_concept_az(view, config.link_style))
    return "\n".join(out)


def _concept_az(view: SiteView, style: str) -> str:
    items = sorted(view.concept_views, key=lambda c: c.concept.title.casefold())
    lines = [f'<li><a href="{escape_attr(href(PAGE, c.page, style))}">{html_text(c.concept.title)}</a>: '
             f"{html_text(c.concept.description)}</li>" for c in items]
    room = reserve_style((f"{c.concept.title}: {c.concept.description}" for c in items), wide_columns=2)
    return f'<ul class="gpulist-az gpulist-az-concepts"{room}>\n' + "\n".join(lines) + "\n</ul>\n"
