"""search-index.json: what the site's search (docs/assets/javascripts/search/) looks through.

Why an index of our own rather than the engines' page-text search: a learner types a
concept's name, an alias or abbreviation ("KV", "TMA", "FA2"), a question, a plural or a
typo, and expects the concept's page or the entry they named first. The catalog knows which
words are names (a concept's title and aliases, an entry's title) and which are only
mentions (a note, a definition); page text does not. So the build writes one record per
thing a reader can land on, with its names apart from its text, and the same index serves
Zensical and MkDocs alike (the script takes over the header's search box under both).

One record per concept, entry, reading path, GPU, topic page, site page, lab, calculator and
model shape, in that order, each a list:
`[kind, title, names, keys, text, url, label, figures]`:

- `names`: other names that should find it as surely as its title (a concept's aliases and
  the other vendors' words for it; a GPU's architecture), " · "-joined;
- `keys`: words that find it less surely (an entry's authors, venue, year and the titles of
  the concepts it covers; the profiler metrics that measure a concept);
- `text`: a sentence or two, plain text, also the result's snippet (a concept's one-line
  description, an entry's first note); cut at a word, at most TEXT_MAX characters;
- `url`: the address under the site's root (`concepts/kv-cache/`, `topics/x/#id`);
- `label`: what the result is, as the result says it ("Entry · paper · Attention");
- `figures`: a GPU's key figures and a model's shape, each `[key, shown, value]`
  (gpulist.site.search_figures, from the view's numbers), shown in the result; [] for the rest.
  The index's `figures` names each key once: `[key, label, words]`.

The site's tools are results for their names and for what they answer: a calculator for "how
much KV cache" (its names are the questions it answers), a lab for "<its title> lab", a path for
"<its title> path", the GPU numbers page for "GPU specs".

Synonyms and abbreviations come from the concepts' aliases and vendor terms only: one vocabulary.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from gpulist.models import Concept
from gpulist.site.all_resources import PAGE as ALL_PAGE
from gpulist.site.book_page import PAGE as BOOK_PAGE
from gpulist.site.book_page import TITLE as BOOK_TITLE
from gpulist.site.concepts import PAGE as CONCEPTS_PAGE
from gpulist.site.gpus_page import PAGE as GPUS_PAGE
from gpulist.site.gpus_page import TITLE as GPUS_TITLE
from gpulist.site.path_page import INDEX as PATHS_INDEX
from gpulist.site.review_page import PAGE as REVIEW_PAGE
from gpulist.site.search_figures import calculator_records, figure_kinds, gpu_figures, model_records
from gpulist.site.start_here import PAGE as START_PAGE
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.guide import TYPE_NAMES
from gpulist.view.labs import LABS_PAGE
from gpulist.view.links import built_url

PATH = "search-index.json"
VERSION = 2  # 2: records carry figures; calculators and model shapes are records
KINDS = ("concept", "entry", "path", "gpu", "topic", "page", "lab", "calculator", "model")
TEXT_MAX = 220  # characters of a record's text: the snippet, and what a search reads past the names
SEP = " · "
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_MARKS = re.compile(r"[`*_]+|<[^>]*>")

Record = list[object]


def plain(markdown: str) -> str:
    """A note's Markdown as the words a reader sees: link texts kept, marks and tags dropped."""
    return " ".join(_MARKS.sub("", _LINK.sub(r"\1", markdown)).split())


def cut(text: str, limit: int = TEXT_MAX) -> str:
    """At most `limit` characters, ending at a word's end with "…" when cut: never mid-word."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit + 1]
    space = head.rfind(" ")
    return (head[:space] if space > 0 else text[:limit]).rstrip(" ,;:–-") + "…"


def _concepts(view: SiteView) -> Iterator[Record]:
    for cv in view.concept_views:
        c = cv.concept
        names, keys = SEP.join([*c.aliases, *_vendor_words(c)]), SEP.join(m.metric for m in c.metrics)
        yield ["concept", c.title, names, keys, cut(c.description), built_url(concept_page(c.id)), "Concept", []]


def _vendor_words(c: Concept) -> list[str]:
    """The other vendors' words find a concept as surely as its aliases ("wavefront" -> SIMT & Warps,
    "LDS" -> Shared Memory), written once each and not where an alias already says it; a word
    with a parenthesis is found by both its halves ("Local data share (LDS)")."""
    seen = {a.casefold() for a in c.aliases} | {c.title.casefold()}
    words: list[str] = []
    for term in c.vendor_terms:
        for word in _halves(term.term):
            if word.casefold() not in seen:
                seen.add(word.casefold())
                words.append(word)
    return words


def _halves(term: str) -> list[str]:
    head, _, rest = term.partition(" (")
    inner = rest.rstrip(")").strip()
    return [term, head.strip(), inner] if inner and head.strip() else [term]


def _entries(view: SiteView) -> Iterator[Record]:
    titles = view.concept_titles
    for topic in view.topics:
        for section in topic.sections:
            for e in section.entries:
                r = e.resource
                keys = [*r.authors, *(str(v) for v in (r.venue, r.year) if v), *(titles.get(t, "") for t in r.tags)]
                text = cut(plain(r.notes[0])) if r.notes else ""
                label = SEP.join(("Entry", TYPE_NAMES.get(r.type, r.type), topic.topic.title))
                yield ["entry", r.title, "", SEP.join(k for k in keys if k), text, f"{built_url(topic.page)}#{r.id}", label, []]


def _paths(view: SiteView) -> Iterator[Record]:
    for p in view.paths:
        about = p.path.audience or p.path.description
        label = SEP.join(("Path", f"{len(p.steps)} steps"))
        yield ["path", p.path.title, f"{p.path.title} path", p.path.description, cut(about), built_url(p.page), label, []]


def _gpus(view: SiteView) -> Iterator[Record]:
    for row in view.gpus.rows if view.gpus else ():
        g = row.gpu
        yield ["gpu", g.name, g.architecture, g.vendor, "", f"{built_url(GPUS_PAGE)}#{row.anchor}",
               SEP.join(("GPU", g.architecture)), gpu_figures(row, view)]


def _topics(view: SiteView) -> Iterator[Record]:
    for t in view.topics:
        yield ["topic", t.topic.title, "", "", cut(t.topic.description), built_url(t.page), "Topic", []]


# Other names of the site's pages: what a practitioner calls them.
_PAGE_NAMES = {GPUS_TITLE: "GPU specs · GPU specifications · spec sheet · GPU table",
               "Labs": "lab results · measured on real GPUs", "Reading paths": "paths · learning paths"}


def _pages(view: SiteView) -> Iterator[Record]:
    pages = [("Start here", START_PAGE), ("All resources", ALL_PAGE), ("Concepts", CONCEPTS_PAGE), ("Review", REVIEW_PAGE)]
    if view.paths:
        pages.append(("Reading paths", PATHS_INDEX))
    if view.gpus:
        pages.append((GPUS_TITLE, GPUS_PAGE))
    if view.book:
        pages.append((BOOK_TITLE, BOOK_PAGE))
    if view.labs:
        pages.append(("Labs", LABS_PAGE))
    for title, page in pages:
        yield ["page", title, _PAGE_NAMES.get(title, ""), "", "", built_url(page), "Page", []]


def _labs(view: SiteView) -> Iterator[Record]:
    """One record per lab, to its section of the Labs page: "coalescing lab" or "roofline
    measured" should find the lab as readily as the concept."""
    for lv in view.labs:
        yield ["lab", lv.lab.title, f"{lv.lab.title} lab", "", cut(lv.lab.shows), f"{built_url(LABS_PAGE)}#{lv.lab.id}",
               "Lab", []]


def search_records(view: SiteView) -> list[Record]:
    return [*_concepts(view), *_entries(view), *_paths(view), *_gpus(view), *_topics(view), *_pages(view),
            *_labs(view), *calculator_records(view), *model_records(view)]


def render_search_index(view: SiteView) -> str:
    """Compact JSON, fetched once per visit when a reader first opens the search."""
    data = {"version": VERSION, "figures": figure_kinds(), "records": search_records(view)}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
