"""The concepts of data/concepts.yml as written, for the concept rules.

Read from the raw document, as `_paths` reads the paths: a concept dropped by the model for
another reason (a missing title) still has its references checked, and each problem is
located at the very item of `requires`, `related` or `start` that is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._util import at_doc, list_items
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem, Severity


def written_concepts(catalog: Catalog) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(index, id, item) of every concept item with a text id."""
    for i, item in enumerate(list_items(catalog.concepts_doc)):
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            yield i, item["id"].strip(), item


def written_refs(item: dict[str, Any], field: str) -> Iterator[tuple[int, str]]:
    """(position, id) of each text item of a list field; other shapes are the model's to report."""
    values = item.get(field)
    for j, value in enumerate(values if isinstance(values, list) else []):
        if isinstance(value, str):
            yield j, value.strip()


def entry_ids(catalog: Catalog) -> set[str]:
    """The entries that exist, counting files that failed validation (see Catalog.unloaded)."""
    return {e.resource.id for e in catalog.entries} | set(catalog.unloaded)


def written_tags(catalog: Catalog) -> dict[str, set[str]]:
    """Concept id -> ids of the entries whose `tags:` name it, broken files included."""
    tagged: dict[str, set[str]] = {}
    for entry in catalog.entries:
        for tag in entry.resource.tags:
            tagged.setdefault(tag, set()).add(entry.resource.id)
    for rid, doc in catalog.unloaded.items():
        tags = doc.data.get("tags") if isinstance(doc.data, dict) else None
        for tag in tags if isinstance(tags, list) else []:
            if isinstance(tag, str):
                tagged.setdefault(tag.strip(), set()).add(rid)
    return tagged


def at_concept(catalog: Catalog, loc: Loc, message: str, rule: str, severity: Severity = "error") -> Problem:
    doc = catalog.concepts_doc
    assert doc is not None  # concepts are only ever read from a loaded concepts.yml
    return at_doc(doc, loc, message, rule, severity)


def requires_graph(catalog: Catalog) -> dict[str, list[tuple[str, Loc]]]:
    """Each concept's known prerequisites, as written, with where each is written; self-loops
    and unknown ids left out (other rules report those)."""
    items = list(written_concepts(catalog))
    known = {cid for _, cid, _ in items}
    graph: dict[str, list[tuple[str, Loc]]] = {}
    for i, cid, item in items:
        edges = graph.setdefault(cid, [])
        edges += [(ref, (i, "requires", j)) for j, ref in written_refs(item, "requires") if ref in known and ref != cid]
    return graph
