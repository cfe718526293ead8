"""Concepts as the site shows them: each with its first reads, its other entries and its neighbours.

Built once per build from the catalog and the arranged topics, so the concept pages, the
map, the cards' chips and concepts.json agree on which entries a concept has: its `start`
entries (in the order given), then every other entry whose `tags:` name it, in the guide's
order. Each view also holds where its definition first names each other concept
(gpulist.concept_names), found here at build time so the YAML stays plain text and a
renamed concept cannot leave a stale link. References that do not resolve (a catalog with
errors, previewed) are left out rather than failing the page; `gpulist validate` reports them.
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass

from gpulist.concept_names import Mention, Names
from gpulist.load import Entry
from gpulist.models import Concept, IndexTerm
from gpulist.models.fields import slugify


@dataclass(frozen=True, slots=True)
class ConceptView:
    concept: Concept
    start: tuple[Entry, ...]
    others: tuple[Entry, ...]  # tagged with the concept, not among `start`, in the guide's order
    mentions: tuple[Mention, ...] = ()  # the first mention of each other concept in the definition
    unlocks: tuple[str, ...] = ()  # the concepts that list this one in `requires`, in file order

    @property
    def page(self) -> str:
        return concept_page(self.concept.id)

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self.start + self.others

    @property
    def ids(self) -> list[str]:
        return [e.resource.id for e in self.entries]


def concept_page(concept_id: str) -> str:
    return f"concepts/{concept_id}.md"


def build_concepts(concepts: list[Concept], placed: list[Entry],
                   by_concept: dict[str, tuple[Entry, ...]]) -> tuple[ConceptView, ...]:
    by_id = {e.resource.id: e for e in placed}
    names = Names(concepts)
    unlocks = required_by(concepts)
    views = []
    for concept in concepts:
        start = tuple(by_id[i] for i in dict.fromkeys(concept.start) if i in by_id)
        first = {e.resource.id for e in start}
        others = tuple(e for e in by_concept.get(concept.id, ()) if e.resource.id not in first)
        mentions = tuple(names.mentions(concept.definition or "", concept.id))
        views.append(ConceptView(concept, start, others, mentions, unlocks.get(concept.id, ())))
    return tuple(views)


def required_by(concepts: list[Concept] | tuple[Concept, ...]) -> dict[str, tuple[str, ...]]:
    """Concept id -> the concepts whose `requires` name it (what it unlocks), in file order;
    self-references and repeats left out, as the map leaves them out."""
    found: dict[str, list[str]] = {}
    for concept in concepts:
        for ref in dict.fromkeys(concept.requires):
            if ref != concept.id:
                found.setdefault(ref, []).append(concept.id)
    return {cid: tuple(ids) for cid, ids in found.items()}


def teaching(concept: Concept, listed: Container[str], tagged: Iterable[str]) -> list[str]:
    """The ids of the entries whose reading teaches `concept` (a reader who has read one has
    covered it): its `start` entries that are listed, in their order, or without any, the
    entries tagged with it. One rule for "Ready for you" (gpulist.site.progress_data) and for
    the learning order inside a tier (gpulist.view.order)."""
    start = [i for i in dict.fromkeys(concept.start) if i in listed]
    return start or list(tagged)


def book_terms(terms: list[IndexTerm]) -> dict[str, IndexTerm]:
    """The book index's top-level terms by their text, which is what `book_terms` names."""
    return {t.term: t for t in terms}


def book_anchors(terms: Iterable[str]) -> dict[str, str]:
    """Each term's anchor on the book's page, so a concept page can link its terms there:
    `t-` and the term's slug, numbered in the terms' order where two slugs collide."""
    anchors: dict[str, str] = {}
    taken: set[str] = set()
    for term in terms:
        base = "t-" + (slugify(term) or "term")
        anchor, n = base, 1
        while anchor in taken:
            n += 1
            anchor = f"{base}-{n}"
        taken.add(anchor)
        anchors[term] = anchor
    return anchors
