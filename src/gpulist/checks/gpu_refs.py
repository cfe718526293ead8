"""What data/gpus.yml names exists: concepts, sources, entries, GPUs and models.

An architecture's concept page links its GPUs and a GPU row links its concept, so an unknown
concept id would be a dead link both ways; an unknown source would leave numbers without
the document they come from; a calculator placed on a concept that does not exist would
silently vanish from the site. Each is reported where it is written, with a suggestion.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._concepts import entry_ids, written_concepts
from gpulist.checks._gpus import at_gpus, figure_groups, ids, items, section, text
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "gpu-ref"
CALCULATORS = ("roofline", "kv_cache", "transformer")


def check(catalog: Catalog) -> list[Problem]:
    if catalog.gpus_doc is None:
        return []
    known = {"concept": {cid for _, cid, _ in written_concepts(catalog)}, "source": ids(catalog, "sources"),
             "entry": entry_ids(catalog), "GPU": ids(catalog, "gpus"), "model": ids(catalog, "models")}
    problems = []
    for loc, kind, ref in _references(catalog):
        if ref not in known[kind]:
            message = f"unknown {kind} '{ref}'{suggest(ref, known[kind]) or _where(kind)}"
            problems.append(at_gpus(catalog, loc, message, RULE))
    return problems


def _where(kind: str) -> str:
    return {"concept": " (not in concepts.yml)", "entry": " (not in resources/)"}.get(kind, f" (no {kind} has this id)")


def _references(catalog: Catalog) -> Iterator[tuple[Loc, str, str]]:
    """(where, kind, id) of every reference the file makes, as written."""
    for i, gpu in items(catalog, "gpus"):
        if concept := text(gpu, "concept"):
            yield ("gpus", i, "concept"), "concept", concept
        for j, group in figure_groups(gpu):
            if source := text(group, "source"):
                yield ("gpus", i, "figures", j, "source"), "source", source
    for k, model in items(catalog, "models"):
        if source := text(model, "source"):
            yield ("models", k, "source"), "source", source
    yield from _calculator_references(section(catalog, "calculators"))


def _calculator_references(calculators: Any) -> Iterator[tuple[Loc, str, str]]:
    for name in CALCULATORS:
        place = calculators.get(name) if isinstance(calculators, dict) else None
        if not isinstance(place, dict):
            continue
        for field, kind in (("concept", "concept"), ("gpu", "GPU"), ("model", "model")):
            if isinstance(place.get(field), str):
                yield ("calculators", name, field), kind, place[field].strip()
        teaches = place.get("teaches")
        for j, entry in enumerate(teaches if isinstance(teaches, list) else []):
            if isinstance(entry, str):
                yield ("calculators", name, "teaches", j), "entry", entry.strip()
