"""No name belongs to two concepts: an alias or title that two concepts share is an error.

A concept's id, title and aliases are how a reader finds it: the definitions link the first
mention of each (gpulist.concept_names), the book's index sends its terms to the concept
spelled the same way, and search answers a title or alias with its concept. A name two
concepts share ("clusters" and "cluster": thread block clusters or GPU clusters?) would
send all three to a guess, so it is refused where it is written the second time. Names are
compared as the matcher reads them (case, punctuation and a plural folded), so "KV Caches"
repeats "kv cache". An exact repeat of an id or alias is duplicate-id's to report, once.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._concepts import at_concept, written_concepts
from gpulist.concept_names import words
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "concept-alias-shared"


def check(catalog: Catalog) -> list[Problem]:
    first: dict[tuple[str, ...], tuple[str, str, str]] = {}  # words -> (concept, kind, name as written)
    problems = []
    for i, cid, item in written_concepts(catalog):
        for kind, name, loc in _names(i, cid, item):
            key = words(name)
            owner = first.setdefault(key, (cid, kind, name))
            if not key or owner[0] == cid or _duplicate_id(owner, kind, name):
                continue
            message = (f"{kind} '{name}' also names concept '{owner[0]}' (its {owner[1]} '{owner[2]}'): "
                       "a name belongs to one concept, or the links, the book's index and search must guess")
            problems.append(at_concept(catalog, loc, message, RULE))
    return problems


def _names(i: int, cid: str, item: dict[str, Any]) -> Iterator[tuple[str, str, Loc]]:
    """(kind, name, where) of a concept's names as written; other shapes are the model's to report."""
    yield "id", cid, (i, "id")
    if isinstance(item.get("title"), str):
        yield "title", item["title"], (i, "title")
    aliases = item.get("aliases")
    for j, alias in enumerate(aliases if isinstance(aliases, list) else []):
        if isinstance(alias, str):
            yield "alias", alias, (i, "aliases", j)


def _duplicate_id(owner: tuple[str, str, str], kind: str, name: str) -> bool:
    """duplicate-id already reports an id or alias written again (case aside)."""
    return owner[1] != "title" and kind != "title" and owner[2].lower() == name.lower()
