"""Reader-facing text speaks of the resource, never of how the list was made.

"From the sibling list" or "no stored copy was checked" means nothing to a reader, and "not
checked" undermines every entry that was. The phrases that betray the workshop are data a
curator extends (data/style.yml, `gpulist.models.style`); this rule refuses them, matched as
whole words whatever the case or line breaks, in everything the site, the README and
resources.json show: an entry's title, notes and link titles; a concept's title, description
and definition; a reading path's title, description and each step's `why`; a topic's title,
description and tier or group titles. How an entry was sourced goes into its `provenance:`
field, which readers never see.

Concepts, paths and topics are read from their documents as written, as the other rules on
those files do, so each problem is located at its own item even when another item failed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from gpulist.checks._util import at_doc, list_items
from gpulist.load import Catalog, Document
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "curation-talk"
# Fields of an item of concepts.yml, paths.yml and topics.yml that a reader sees.
_ITEM_TEXT = ("title", "description", "definition")
_NESTED_TEXT = {"steps": "why", "tiers": "title", "groups": "title"}


def phrase_pattern(phrases: Iterable[str]) -> re.Pattern[str] | None:
    """One regex for all phrases: whole words, any case, any white space between the words."""
    words = {r"\s+".join(re.escape(w) for w in p.split()) for p in phrases if p.split()}
    if not words:
        return None
    # Longest first, so the message quotes "sibling list's" rather than a shorter phrase inside it.
    # A hyphen joins a word to the next ("checked-in" is not "checked"), so it ends no phrase.
    return re.compile(r"(?<![\w-])(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")(?![\w-])",
                      re.IGNORECASE)


def check(catalog: Catalog) -> list[Problem]:
    pattern = phrase_pattern(catalog.style.curation_talk)
    if pattern is None:
        return []
    problems = []
    for doc, loc, text in reader_texts(catalog):
        found = pattern.search(text)
        if found:
            words = " ".join(found.group(0).split())
            problems.append(at_doc(doc, loc, f"'{words}' speaks of how the list was made, not of the resource: "
                                   "say what a reader learns (an entry's sourcing goes in `provenance:`; the "
                                   "phrases are listed in data/style.yml)", RULE))
    return problems


def reader_texts(catalog: Catalog) -> Iterator[tuple[Document, Loc, str]]:
    """(document, where, text) of every string a reader is shown."""
    for entry in catalog.entries:
        r = entry.resource
        yield entry.doc, ("title",), r.title
        yield from ((entry.doc, ("notes", i), note) for i, note in enumerate(r.notes))
        yield from ((entry.doc, ("links", j, "title"), link.title) for j, link in enumerate(r.links))
    for doc in (catalog.concepts_doc, catalog.paths_doc, catalog.topics_doc):
        if doc is not None:
            yield from _item_texts(doc)


def _item_texts(doc: Document) -> Iterator[tuple[Document, Loc, str]]:
    for i, item in enumerate(list_items(doc)):
        if not isinstance(item, dict):
            continue
        yield from ((doc, (i, key), item[key]) for key in _ITEM_TEXT if isinstance(item.get(key), str))
        for field, key in _NESTED_TEXT.items():
            nested = item.get(field)
            for j, sub in enumerate(nested if isinstance(nested, list) else []):
                if isinstance(sub, dict) and isinstance(sub.get(key), str):
                    yield doc, (i, field, j, key), sub[key]
