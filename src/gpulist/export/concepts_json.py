"""concepts.json: the vocabulary as a knowledge graph, in one stable, documented shape.

Shape (version 1); keys are never removed within a version, only added:

    {"version": 1,
     "concepts": [{"id", "title", "description", "aliases", "definition", "requires",
                   "related", "glossary", "book_terms", "start", "entries", "page", "area",
                   "check": [{"id", "question", "answer", "source"}],
                   "problems": [{"title", "url", "platform", "asks"}]}]}

`entries` are the ids of every entry the concept has, its `start` entries first and then
the entries whose tags name it, in the guide's order (the concept page's order); `page` is
relative to the site root (`concepts/kv-cache/`); `area` (added later in version 1) is the
part of the field the concept belongs to, or null. `check` holds the concept's "Check
yourself" questions with their worked answers and source entry ids (and, added later in
version 1, each question's stable `id`, which a review tool can key its schedule by), `problems` its graded
problems; both are empty lists where the concept has none. Concepts come in data/concepts.yml's order.
For readers' own tools: a study planner, a flash-card deck, a graph of prerequisites.
"""

from __future__ import annotations

import json
from typing import Any

from gpulist.view.catalog import SiteView
from gpulist.view.concepts import ConceptView
from gpulist.view.links import built_url

VERSION = 1
PATH = "concepts.json"
_FIELDS = ("id", "title", "description", "aliases", "definition", "requires", "related", "glossary",
           "book_terms", "start")
_ADDED = ("area",)  # after `page`, in the order keys were added to version 1 (then vendor_terms, metrics)


def concepts_data(view: SiteView) -> dict[str, Any]:
    return {"version": VERSION, "concepts": [_concept(cv) for cv in view.concept_views]}


def _concept(cv: ConceptView) -> dict[str, Any]:
    data = {name: getattr(cv.concept, name) for name in _FIELDS}
    data.update(entries=cv.ids, page=built_url(cv.page),
                check=[q.model_dump() for q in cv.concept.check],
                problems=[p.model_dump() for p in cv.concept.problems])
    data.update((name, getattr(cv.concept, name)) for name in _ADDED)
    data.update(vendor_terms=[t.model_dump(exclude_none=True) for t in cv.concept.vendor_terms],
                metrics=[m.model_dump() for m in cv.concept.metrics])
    return data


def render_concepts_json(view: SiteView) -> str:
    """Compact, like resources.json: it is fetched, not read."""
    return json.dumps(concepts_data(view), ensure_ascii=False, separators=(",", ":")) + "\n"
