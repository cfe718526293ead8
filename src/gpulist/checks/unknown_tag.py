"""Tags come from the controlled vocabulary in concepts.yml; an alias is pointed at its tag."""

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
        seen: set[str] = set()
        for i, tag in enumerate(entry.resource.tags):
            if tag in seen:
                problems.append(at(entry, ("tags", i), f"tag '{tag}' is listed twice", RULE))
            seen.add(tag)
            if tag not in known:
                problems.append(at(entry, ("tags", i), f"unknown tag '{tag}'{tag_hint(tag, known, alias_of)}", RULE))
    return problems


def tag_hint(tag: str, known: set[str], alias_of: dict[str, str]) -> str:
    """Aliases are matched case-insensitively, as people write `CUDA` or `CUDA-C++`."""
    lowered = tag.lower()
    if lowered in known:
        return f": tag ids are lowercase, write '{lowered}'"
    if lowered in alias_of:
        return f": it is an alias, write '{alias_of[lowered]}'"
    return suggest(lowered, known) or " (declare new tags in data/concepts.yml)"
