"""Prose with its spec numbers written out from the data, once, before anything shows it.

Definitions, check questions and answers, descriptions and notes may cite a figure as
`{{gpu.h200.memory_bandwidth_gbs}}` (grammar in gpulist.numbers). Resolving them here, on the
catalog that `build_view` arranges, rather than in each renderer, means every place the text
reaches (concept pages, cards, search index, concepts.json, the README, the Review page, the
Anki decks) shows the same "4,800 GB/s", and a new renderer cannot forget to: it never sees a
reference. Without a reference anywhere the catalog is returned as it came.
"""

from __future__ import annotations

import dataclasses

from gpulist.load import Catalog, Entry
from gpulist.models import Concept
from gpulist.numbers import Figures, collect, resolve


def resolved(catalog: Catalog) -> Catalog:
    """The catalog with every reference in its prose written out (a copy; the original is untouched)."""
    figures = collect(catalog.gpus, (r.measurement for r in catalog.records))
    concepts = [_concept(c, figures) for c in catalog.concepts]
    entries = [_entry(e, figures) for e in catalog.entries]
    if all(a is b for a, b in zip(concepts, catalog.concepts)) and all(a is b for a, b in zip(entries, catalog.entries)):
        return catalog
    return dataclasses.replace(catalog, concepts=concepts, entries=entries)


def _concept(concept: Concept, figures: Figures) -> Concept:
    texts = [concept.description, concept.definition or "", *(t for q in concept.check for t in (q.question, q.answer))]
    if not any("{{" in t for t in texts):
        return concept
    check = [q.model_copy(update={"question": resolve(q.question, figures), "answer": resolve(q.answer, figures)})
             for q in concept.check]
    definition = resolve(concept.definition, figures) if concept.definition else concept.definition
    return concept.model_copy(update={"description": resolve(concept.description, figures),
                                      "definition": definition, "check": check})


def _entry(entry: Entry, figures: Figures) -> Entry:
    notes = entry.resource.notes
    if not any("{{" in n for n in notes):
        return entry
    resource = entry.resource.model_copy(update={"notes": [resolve(n, figures) for n in notes]})
    return Entry(resource, entry.doc)
