"""The book's index on a page of its own (book/): the index of *AI Systems Performance Engineering*.

Seed 002 is the book's index; each of its terms is listed here A to Z, linked to the
concept page that covers it (named in a concept's `book_terms`, or spelled like one
concept's id, title or alias: gpulist.concept_names), with the book's sections for it.
It was once the end of the concepts index, which it made 37,388 px tall at 1280 px; here
it has room of its own, and the concepts index keeps the map and the concepts A–Z. Each
concept page's "In the book" links its terms here, each term at its own anchor
(SiteView.book_anchors), and each letter is an H2, so the page's table of contents is a
row of letters. It stays out of search, as the other listings do: it names every concept,
and would outrank the concept pages themselves.
"""

from __future__ import annotations

from itertools import groupby

from gpulist.concept_names import Names
from gpulist.models import IndexTerm
from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.site.reserve import reserve_style
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.links import entry_href, href
from gpulist.view.text import escape_attr, front_matter, html_text

PAGE = "book/index.md"
TITLE = "The book's index"
OTHER = "0–9"  # the letter group of terms that start with a digit or a symbol
MAX_REFS = 3  # sections shown per term; the rest are counted


def render_book(view: SiteView, config: SiteConfig) -> str:
    out = [front_matter({"title": TITLE, "description": f"The index of {view.book_title}, each term linked to "
                         "the concept page that covers it", **SEARCH_EXCLUDED})]
    out.append(f"# {TITLE}\n\n{_intro(view, config.link_style)}\n")
    out.append(_terms(view, config.link_style))
    return "\n".join(out)


def credit(view: SiteView) -> str:
    """"Fregly, 2025": the book's authors and year, from its entry, as plain text."""
    book = view.entry_by_id.get(view.book_entry)
    if not book:
        return ""
    r = book.resource
    by = ", ".join(r.authors[:2]) + (" et al." if len(r.authors) > 2 else "")
    return ", ".join(part for part in (by, str(r.year) if r.year else "") if part)


def _intro(view: SiteView, style: str) -> str:
    book = view.entry_by_id.get(view.book_entry)
    title = f"<em>{html_text(view.book_title)}</em>"
    if book:
        title = f'<a href="{escape_attr(entry_href(PAGE, book.resource, style))}">{title}</a>'
    if credit(view):
        title += f" ({html_text(credit(view))})"
    concepts = href(PAGE, "concepts/index.md", style)
    return (f"<p>The index of {title}, A to Z. A term a concept of this list covers links to that concept's "
            f'page, with its definition, what to understand first and what to read; every term names the '
            f'book\'s sections for it. The concepts themselves are on the <a href="{escape_attr(concepts)}">'
            "concepts page</a>, with their map.</p>")


def term_concepts(view: SiteView) -> dict[str, str]:
    """Book term -> the concept page that covers it: named in `book_terms` first, then spelled
    like one concept's id, title or alias (gpulist.concept_names, as the definitions' links)."""
    names = Names(view.concepts)
    covered = {term: c.id for c in view.concepts for term in c.book_terms}
    return {t: covered.get(t) or names.concept(t) or "" for t in view.book}


def _letter(term: str) -> str:
    first = term.strip()[:1].upper()
    return first if first.isalpha() else OTHER


def _terms(view: SiteView, style: str) -> str:
    covers = term_concepts(view)
    terms = sorted(view.book.values(), key=lambda t: (_letter(t.term) != OTHER, _letter(t.term), t.term.casefold()))
    out, letters = [], []
    for letter, group in groupby(terms, key=lambda t: _letter(t.term)):
        anchor = "digits" if letter == OTHER else letter.lower()
        letters.append(f'<a href="#{anchor}">{html_text(letter)}</a>')
        group = list(group)
        lines = [_term(t, covers.get(t.term, ""), view.book_anchors.get(t.term, ""), style) for t in group]
        room = reserve_style(t.term + _refs(t) for t in group)
        out.append(f"## {letter} {{ #{anchor} }}\n\n" + f'<ul class="gpulist-az"{room}>\n' + "\n".join(lines) + "\n</ul>\n")
    return _letter_bar(letters) + "\n".join(out)


def _letter_bar(letters: list[str]) -> str:
    """A bar of the letters that have terms, kept at the top of the screen (gpulist.css): on a
    phone the page is 39,000 px tall and the table of contents, the other row of letters, sits
    in the closed navigation drawer."""
    return (f'<nav class="gpulist-az-bar" data-gpulist-az aria-label="Letters of the index">'
            f'{"".join(letters)}</nav>\n\n')


def _refs(term: IndexTerm) -> str:
    """" (section; section; and 2 more)": the book's sections for a term, as plain text."""
    refs = "; ".join(r.section for r in term.refs[:MAX_REFS])
    if len(term.refs) > MAX_REFS:
        refs += f"; and {len(term.refs) - MAX_REFS} more"
    return f" ({refs})" if refs else ""


def _term(term: IndexTerm, concept: str, anchor: str, style: str) -> str:
    refs = _refs(term)
    sections = f' <span class="gpulist-book-refs">{html_text(refs.strip())}</span>' if refs else ""
    name = html_text(term.term)
    if concept:
        name = f'<a href="{escape_attr(href(PAGE, concept_page(concept), style))}">{name}</a>'
    return f'<li id="{anchor}">{name}{sections}</li>'
