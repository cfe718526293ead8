"""The concepts index (concepts/): the map, then the A–Z of concepts, then the book's terms.

The map (gpulist.site.concept_map) shows how the concepts build on each other; the A–Z
lists every concept with its one-liner; the book's index (seed 002, *AI Systems
Performance Engineering*) follows, each term linked to the concept page that covers it:
named in a concept's `book_terms`, or spelled like a concept's title, id or alias. Terms
no concept covers keep their book sections, so the index still works for readers of the
book. This page replaces a 784 KB dump of the book's index that listed up to 25 entries
under every term: a concept's entries now live on its own page.

It stays out of search, as the other listings do: it names every concept, and would
outrank the concept pages themselves.
"""

from __future__ import annotations

from itertools import groupby

from gpulist.concept_names import Names
from gpulist.models import IndexTerm
from gpulist.site.concept_map import render_map
from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import layout
from gpulist.view.config import SiteConfig
from gpulist.view.links import href
from gpulist.view.text import escape_attr, front_matter, html_text

PAGE = "concepts/index.md"
OTHER = "0–9"  # the letter group of terms that start with a digit or a symbol


def render_concepts(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": "Concepts", "description": "The concepts of GPU performance engineering, "
                         "how they build on each other, and what to read for each", **SEARCH_EXCLUDED,
                         "hide": ["toc"]})]
    out.append("# Concepts\n\nEach concept has a page: what it is, what to understand first, what it unlocks, "
               "the reads to start with and everything else the list holds on it. The map draws each concept to the "
               "right of the ones it requires, from the foundations on the left to the frontier on the right, "
               "coloured by area; with progress marked, a bar under each concept fills as you read.\n")
    out.append(render_map(layout(list(view.concepts)), view, PAGE, config.link_style))
    out.append("## Concepts A–Z { #a-z }\n")
    out.append(_concept_az(view, config.link_style))
    if view.book:
        out.append("## The book's index { #book }\n\nThe index of *AI Systems Performance Engineering* (Fregly, "
                   "2025), each term linked to the concept page that covers it; other terms name the book's "
                   "sections.\n")
        out.append(_book_az(view, config.link_style))
    return "\n".join(out)


def _concept_az(view: SiteView, style: str) -> str:
    items = sorted(view.concept_views, key=lambda c: c.concept.title.casefold())
    lines = [f'<li><a href="{escape_attr(href(PAGE, c.page, style))}">{html_text(c.concept.title)}</a>: '
             f"{html_text(c.concept.description)}</li>" for c in items]
    return '<ul class="gpulist-az">\n' + "\n".join(lines) + "\n</ul>\n"


def term_concepts(view: SiteView) -> dict[str, str]:
    """Book term -> the concept page that covers it: named in `book_terms` first, then spelled
    like one concept's id, title or alias (gpulist.concept_names, as the definitions' links)."""
    names = Names(view.concepts)
    covered = {term: c.id for c in view.concepts for term in c.book_terms}
    return {t: covered.get(t) or names.concept(t) or "" for t in view.book}


def _letter(term: str) -> str:
    first = term.strip()[:1].upper()
    return first if first.isalpha() else OTHER


def _book_az(view: SiteView, style: str) -> str:
    covers = term_concepts(view)
    terms = sorted(view.book.values(), key=lambda t: (_letter(t.term) != OTHER, _letter(t.term), t.term.casefold()))
    out = []
    for letter, group in groupby(terms, key=lambda t: _letter(t.term)):
        lines = [_term(t, covers.get(t.term, ""), style) for t in group]
        out.append(f"### {letter}\n\n" + '<ul class="gpulist-az">\n' + "\n".join(lines) + "\n</ul>\n")
    return "\n".join(out)


def _term(term: IndexTerm, concept: str, style: str) -> str:
    if concept:
        url = href(PAGE, f"concepts/{concept}.md", style)
        return f'<li><a href="{escape_attr(url)}">{html_text(term.term)}</a></li>'
    sections = "; ".join(html_text(r.section) for r in term.refs[:3]) + ("; …" if len(term.refs) > 3 else "")
    return f"<li>{html_text(term.term)}" + (f' <span class="gpulist-book-refs">({sections})</span>' if sections else "") + "</li>"
