"""An entry's `tags` and `requires` name concepts of data/concepts.yml; an alias is pointed at its id.

`tags` say what the entry covers and `requires` what it assumes: both are concept ids, and
both lead to concept pages, so an unknown one would be a dead chip on the card.
"""

from __future__ import annotations

from gpulist.checks._util import at, suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "unknown-tag"


def check(catalog: Catalog) -> list[Problem]:
    known = {t.id for t in catalog.concepts}
    alias_of = {a.lower(): t.id for t in catalog.concepts for a in t.aliases}
    problems: list[Problem] = []
    for entry in catalog.entries:
        for field, noun in (("tags", "tag"), ("requires", "concept")):
            seen: set[str] = set()
            for i, tag in enumerate(getattr(entry.resource, field)):
                if tag in seen:
                    problems.append(at(entry, (field, i), f"{noun} '{tag}' is listed twice", RULE))
                seen.add(tag)
                if tag not in known:
                    hint = tag_hint(tag, known, alias_of)
                    problems.append(at(entry, (field, i), f"unknown {noun} '{tag}'{hint}", RULE))
    return problems


def tag_hint(tag: str, known: set[str], alias_of: dict[str, str]) -> str:
    """Aliases are matched case-insensitively, as people write `CUDA` or `CUDA-C++`."""
    lowered = tag.lower()
    if lowered in known:
        return f": tag ids are lowercase, write '{lowered}'"
    if lowered in alias_of:
        return f": it is an alias, write '{alias_of[lowered]}'"
    return suggest(lowered, known) or " (declare new tags in data/concepts.yml)"
