"""A concept's page: what it is, what to know first, what to read, and where it leads.

In the order a learner asks: the definition, whose first mention of each other concept
links that concept's page [data-gpulist-definition] (found at build time by
gpulist.concept_names; the links carry `data-preview`, so Zensical, and Material where it
offers instant previews, shows the linked page's definition on hover, with no code of
ours); its local map [data-gpulist-local-map] (gpulist.site.local_map); "Understand first"
(the concepts it requires, each with its one-liner); "Start with" (its first reads, as
full cards, so they can be marked read here); a calculator, where data/gpus.yml places one
here (gpulist.site.calculators), and on an architecture's page its GPUs, linked to their
rows of the GPU numbers page; "Measured" [data-gpulist-measured], what the labs measured on
real GPUs, with charts, numbers, conditions and the command (gpulist.site.measured); "Check yourself" (questions with folded answers and graded
problems, gpulist.site.check_section); every other entry that carries it, by tier, as
compact lines; the reading paths that pass through it; the book's sections for its index
terms; "Unlocks" [data-gpulist-unlocks] (the concepts that require it) and its related
concepts; "Across vendors", its AMD and TPU names and profiler metrics (gpulist.site.vendor_section);
and the Modal GPU Glossary's page for the term, linked (CC BY 4.0), never copied.

Search. The site's search is gpulist's own (gpulist.site.search_index): it reads a concept's
title and aliases from the catalog, not from this page. The page still carries what each
engine's own index reads (the engines build one; no page loads it): the gloss line, "Concept ·
**KV Cache**: <description>", and for Material the names as hidden tags and a boost.

Only the first section is indexed: every later section (`data-search-exclude`) repeats
entries, concepts and book sections that are results of their own, and indexing them had
made concept pages three quarters of the search index, which every page of the site downloads.
"""

from __future__ import annotations

from gpulist.concept_names import words
from gpulist.load import Entry
from gpulist.models import Concept
from gpulist.site.book_page import PAGE as BOOK_PAGE
from gpulist.site.book_page import credit
from gpulist.site.calculators import calculator_section, placed_here
from gpulist.site.card import render_card
from gpulist.site.check_section import check_section
from gpulist.site.gpus_page import architecture_gpus
from gpulist.site.listing import entry_list
from gpulist.site.local_map import render_local_map
from gpulist.site.measured import measured_section
from gpulist.site.concept_parts import DEFINITION_ID, jump_links
from gpulist.site.practice_section import practice_section
from gpulist.site.reader import filters, know_control, progress
from gpulist.site.vendor_section import vendor_section
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import ConceptView, concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.links import href, rel_link
from gpulist.view.local_map import local_layout
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text, link, n_entries

BOOST, NAME_BOOST = 2, 4  # a concept page's search boost: BOOST + NAME_BOOST / words in its title
NOT_SEARCHED = " data-search-exclude"  # attr_list: the section under this heading is not indexed
GLOSSARY = "Modal GPU Glossary"
KNOW = "I know this"  # marks the concept known: it then counts as covered (gpulist.site.reader)
# A concept page mixes topics, whose tiers have names of their own: here a tier is "Tier N",
# the one pattern every page uses where topics mix (a topic page names its tiers).
_TIERS = {1: "Tier 1", 2: "Tier 2", 3: "Tier 3", None: "Further reading"}


def render_concept(cv: ConceptView, view: SiteView, config: SiteConfig) -> str:
    c, page = cv.concept, cv.page
    calculators = [calculator_section(name, view, page, config) for name in placed_here(view, c.id)]
    measured = measured_section(c.id, view, page, config)
    check = check_section(c, view, config, page, NOT_SEARCHED)
    practise = practice_section(c.id, view, page, NOT_SEARCHED)
    out = [front_matter(_meta(c, config)), _names(c, config),
           jump_links(bool(c.definition), bool(calculators), bool(measured), bool(check), bool(practise))]
    if c.definition:
        out.append(_definition(cv, page, config.link_style))
    out.append(render_local_map(local_layout(c.id, view.concept_by_id), page, config.link_style))
    # "I know this" once a page: under "Check yourself", after the questions, where there are any.
    top_know = "" if c.check else " " + know_control(c.id, KNOW)
    out.append(f"<p>{n_entries(len(cv.entries))} {progress(cv.ids, label='· read')}{top_know}</p>\n")
    if cv.entries:
        out.append(filters() + "\n")
    out.append(_concept_list("Understand first", c.requires, view, page))
    if cv.start:
        out.append(f"## Start with {{ #start{NOT_SEARCHED} }}\n")
        out.extend(render_card(e, view, config, page, searched=False) for e in cv.start)
    out.extend(calculators)
    out.append(architecture_gpus(c.id, view, page, config))
    out.append(measured)
    out.append(practise)
    out.append(check)
    out.append(_by_tier(cv.others, view, page, config))
    out.append(_paths(cv, view, page))
    out.append(_book(c.book_terms, view, page, config.link_style))
    out.append(_unlocks(cv, view, page, config.link_style))
    out.append(_concept_list("Related concepts", c.related, view, page))
    out.append(vendor_section(c, view, page, config.link_style, NOT_SEARCHED))
    if c.glossary:
        out.append(f"## In the {GLOSSARY} {{ #glossary{NOT_SEARCHED} }}\n\n{link(f'{c.title} in the {GLOSSARY}', c.glossary)}"
                   " (CC BY 4.0): a definition with diagrams, by Modal.\n")
    return "\n".join(part for part in out if part)


def _meta(c: Concept, config: SiteConfig) -> dict[str, object]:
    """Front matter: the search boost (read by Material only) and, for Material, the names as tags."""
    meta: dict[str, object] = {"title": c.title, "description": c.description,
                               "search": {"boost": round(BOOST + NAME_BOOST / max(len(words(c.title)), 1), 2)}}
    if not config.names_in_title:
        meta.update(tags=[c.title, *c.aliases], hide=["tags"])  # indexed, never shown
    return meta


def _names(c: Concept, config: SiteConfig) -> str:
    """The H1, the title alone (it is the page's name in hover previews and the browser's tab),
    the aliases under it in smaller type, and the gloss line that labels the concept."""
    aka = ('<p class="gpulist-aka">' + " · ".join(html_text(a) for a in c.aliases) + "</p>\n\n" if c.aliases else "")
    return (f"# {escape_text(c.title)} {{ #concept }}\n\n{aka}"
            f'<p class="gpulist-gloss"><span class="gpulist-kind">Concept</span> · <strong>{html_text(c.title)}</strong>: '
            f"<em>{html_text(c.description)}</em></p>\n")


def _definition(cv: ConceptView, page: str, style: str) -> str:
    """The definition as one HTML paragraph: plain text, each mention a link to its concept."""
    text, parts, last = cv.concept.definition or "", [], 0
    for mention in cv.mentions:
        url = href(page, concept_page(mention.concept), style)
        parts.append(html_text(text[last:mention.start]))
        parts.append(f'<a href="{escape_attr(url)}" data-preview>{html_text(text[mention.start:mention.end])}</a>')
        last = mention.end
    parts.append(html_text(text[last:]))
    return f'<p id="{DEFINITION_ID}" data-gpulist-definition>{"".join(parts)}</p>\n'


def _unlocks(cv: ConceptView, view: SiteView, page: str, style: str) -> str:
    """The concepts that list this one in `requires` [data-gpulist-unlocks], linked."""
    found = [view.concept_by_id[i] for i in cv.unlocks if i in view.concept_by_id]
    if not found:
        return ""
    items = "\n".join(f'<li><a href="{escape_attr(href(page, u.page, style))}">{html_text(u.concept.title)}</a>: '
                      f"{html_text(u.concept.description)}</li>" for u in found)
    return (f"## Unlocks {{ #unlocks{NOT_SEARCHED} }}\n\nThe concepts that list {escape_text(cv.concept.title)} "
            f"among what to understand first.\n\n<ul data-gpulist-unlocks>\n{items}\n</ul>\n")


def _concept_list(heading: str, ids: list[str], view: SiteView, page: str) -> str:
    found = [view.concept_by_id[i] for i in ids if i in view.concept_by_id]
    if not found:
        return ""
    key = heading.lower().split()[0]
    lines = [f"- [{escape_text(c.concept.title)}]({rel_link(page, c.page)}): {escape_text(c.concept.description)}"
             for c in found]
    return f"## {heading} {{ #{key}{NOT_SEARCHED} }}\n\n" + "\n".join(lines) + "\n"


def _by_tier(entries: tuple[Entry, ...], view: SiteView, page: str, config: SiteConfig) -> str:
    if not entries:
        return ""
    out = [f"## More to read {{ #more{NOT_SEARCHED} }}\n"]
    for tier, title in _TIERS.items():
        mine = [e for e in entries if e.resource.tier == tier]
        if mine:
            out.append(f"### {title} {{{NOT_SEARCHED} }}\n\n"
                       + entry_list(mine, view, page, config, topic=True, filterable=True))
    return "\n".join(out)


def _paths(cv: ConceptView, view: SiteView, page: str) -> str:
    mine = set(cv.ids)
    through = [p for p in view.paths if mine.intersection(p.ids)]
    if not through:
        return ""
    lines = [f"- [{escape_text(p.path.title)}]({rel_link(page, p.page)}): "
             f"{sum(i in mine for i in p.ids)} of its {len(p.steps)} steps" for p in through]
    return f"## On the reading paths {{ #paths{NOT_SEARCHED} }}\n\n" + "\n".join(lines) + "\n"


def _book(terms: list[str], view: SiteView, page: str, style: str) -> str:
    """The book's sections for the concept's index terms, each term linked to its place in
    the book's index (gpulist.site.book_page)."""
    found = [view.book[t] for t in terms if t in view.book]
    refs = [(t.term, r.section + (f" – {r.to}" if r.to else "")) for t in found for r in t.refs]
    if not refs:
        return ""
    lines = [f'<li><em><a href="{escape_attr(href(page, BOOK_PAGE + "#" + view.book_anchors.get(term, ""), style))}">'
             f"{html_text(term)}</a></em>: {html_text(section)}</li>" for term, section in refs]
    by = f" ({escape_text(credit(view))})" if credit(view) else ""
    return (f"## In the book {{ #book{NOT_SEARCHED} }}\n\nSections of *{escape_text(view.book_title)}*{by}; each term "
            f"leads to its place in [the book's index]({rel_link(page, BOOK_PAGE)}):\n\n"
            '<ul class="gpulist-book">\n' + "\n".join(lines) + "\n</ul>\n")


def concept_pages(view: SiteView, config: SiteConfig) -> dict[str, str]:
    return {concept_page(cv.concept.id): render_concept(cv, view, config) for cv in view.concept_views}
