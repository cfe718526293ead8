"""The concept index: the book's A–Z, each concept with its book sections and the list's entries.

A reader looking up "KV cache" lands on both the book sections that cover it and the
online resources in this list. Written only when data/book-index.yml exists.

The page stays out of the search index, like the other listings: its ~750 terms (dozens of
them `NCCL_*` variables alone) outranked the entries themselves, so a search for "NCCL" or
"FP8" listed book-index terms before the NCCL and FP8 entries. The letter bar and the
browser's find-in-page search it instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from gpulist.load import Entry
from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.models.fields import slugify
from gpulist.site.concept_match import ConceptMatcher, words
from gpulist.site.listing import SEARCH_EXCLUDED
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.links import entry_href
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text

PAGE = "concepts.md"
MAX_ENTRIES = 25
OTHER = "0–9"  # the letter-bar group of terms that start with a digit or a symbol


@dataclass(frozen=True, slots=True)
class _Context:
    matcher: ConceptMatcher
    anchors: dict[tuple[str, ...], str]  # a term's words -> its anchor, for see-references
    style: str  # how raw HTML links are written (gpulist.view.links)


def _letter(term: str) -> str:
    first = term.strip()[:1].upper()
    return first if first.isalpha() else OTHER


def _order(term: IndexTerm) -> tuple[bool, str, str, str]:
    """Symbols and digits first, then letter by letter: each letter-bar group is contiguous,
    so it appears once (sorting by the term alone put `~` and `①` after Z, a second "0–9")."""
    letter = _letter(term.term)
    return (letter != OTHER, letter, term.term.casefold(), term.term)


def _anchors(terms: list[IndexTerm]) -> list[str]:
    """`c-<slug>`, unique; the `c-` prefix keeps concepts apart from letter anchors."""
    anchors: list[str] = []
    used: set[str] = set()
    for term in terms:
        base = "c-" + (slugify(term.term) or "term")
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        anchors.append(anchor)
    return anchors


def _distinct(terms: list[IndexTerm]) -> list[IndexTerm]:
    """The book's index lists some symbols twice, under the symbols and under their letter
    (`__syncthreads()`), with the same references: show each such term once."""
    seen: set[str] = set()
    out = []
    for term in terms:
        key = term.model_dump_json()
        if key not in seen:
            seen.add(key)
            out.append(term)
    return out


def render_concepts(book: BookIndex, view: SiteView, config: SiteConfig) -> str:
    terms = sorted(_distinct(book.terms), key=_order)
    anchor_list = _anchors(terms)
    anchor_of = dict(zip(map(id, terms), anchor_list))
    anchors: dict[tuple[str, ...], str] = {}
    for term, anchor in zip(terms, anchor_list):
        anchors.setdefault(words(term.term), anchor)
    matcher = ConceptMatcher(view.entries, view.concepts)
    ctx = _Context(matcher, anchors, config.link_style)
    out = [front_matter({"title": "Concept index", "description": f"Concepts from {book.title}",
                         **SEARCH_EXCLUDED})]
    out.append(f"# Concept index\n\nThe concepts of *{escape_text(book.title)}*, A to Z: for each, the "
               "book's sections that cover it and the entries of this list that do.\n")
    groups = [(letter, list(g)) for letter, g in groupby(terms, key=lambda t: _letter(t.term))]
    out.append(" · ".join(f"[{letter}](#letter_{_key(letter)})" for letter, _ in groups) + "\n")
    for letter, group in groups:
        out.append(f"## {letter} {{ #letter_{_key(letter)} }}\n")
        out.extend(_term(term, anchor_of[id(term)], ctx) for term in group)
    return "\n".join(out)


def _key(letter: str) -> str:
    return letter.lower() if letter.isalpha() else "other"


def _term(term: IndexTerm, anchor: str, ctx: _Context) -> str:
    """A concept as one raw HTML block: its book sections, see-references, sub-terms and the
    entries of the list that cover it. Raw HTML, like the listings: as Markdown, this one page
    was two thirds of the engines' Markdown time for the real list. H4, below toc_depth:
    hundreds of concepts would double the page in table-of-contents markup."""
    blocks = [f'<h4 id="{escape_attr(anchor)}">{html_text(term.term)}'
              f'<a class="headerlink" href="#{escape_attr(anchor)}" title="Permanent link">¶</a></h4>']
    lines = [f"<strong>Book:</strong> {_refs(term.refs)}"] if term.refs else []
    for label, names in (("See", term.see), ("See also", term.see_also)):
        if names:
            lines.append(f"<strong>{label}:</strong> " + ", ".join(_see(n, ctx.anchors) for n in names))
    if lines:
        blocks.append("<p>" + "<br>\n".join(lines) + "</p>")
    if term.subterms:
        blocks.append(_subterm_list(term.subterms))
    listed = _listed(term, ctx)
    if listed:
        blocks.append("<p>" + "<br>\n".join(listed) + "</p>")
    return "\n".join(blocks) + "\n"


def _subterm_list(subterms: list[IndexTerm]) -> str:
    """Nested sub-terms as nested lists, as the book's index prints them."""
    items = []
    for sub in subterms:
        nested = _subterm_list(sub.subterms) if sub.subterms else ""
        items.append(f"<li><em>{html_text(sub.term)}</em>: {_refs(sub.refs) or 'see below'}{nested}</li>")
    return "<ul>\n" + "\n".join(items) + "\n</ul>"


def _listed(term: IndexTerm, ctx: _Context) -> list[str]:
    """Entries for the term (tags, title, notes) and its sub-terms (tags only: their words
    alone, like "overview", say too little)."""
    lines = []
    entries = ctx.matcher.match(term.term)
    if entries:
        lines.append(f"<strong>In the list:</strong> {_entry_links(entries, ctx.style)}")
    for sub in term.subterms:
        sub_entries = ctx.matcher.match(sub.term, text=False)
        if sub_entries:
            lines.append(f"<em>{html_text(sub.term)}</em> in the list: {_entry_links(sub_entries, ctx.style)}")
    return lines


def _refs(refs: list[SectionRef]) -> str:
    return "; ".join(html_text(r.section) + (f" – {html_text(r.to)}" if r.to else "") for r in refs)


def _entry_links(entries: list[Entry], style: str) -> str:
    """Links to the cards, without type icons: the index names up to 25 entries per concept."""
    shown = [f'<a href="{escape_attr(entry_href(PAGE, e.resource, style))}">{html_text(e.resource.title)}</a>'
             for e in entries[:MAX_ENTRIES]]
    more = f" and {len(entries) - MAX_ENTRIES} more" if len(entries) > MAX_ENTRIES else ""
    return " · ".join(shown) + more


def _see(name: str, anchors: dict[tuple[str, ...], str]) -> str:
    anchor = anchors.get(words(name))
    return f'<a href="#{escape_attr(anchor)}">{html_text(name)}</a>' if anchor else html_text(name)
