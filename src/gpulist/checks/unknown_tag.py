"""Tags come from the controlled vocabulary in tags.yml; an alias is pointed at its tag."""

from __future__ import annotations

from gpulist.checks._util import at, suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "unknown-tag"


def check(catalog: Catalog) -> list[Problem]:
    known = {t.id for t in catalog.tags}
    alias_of = {a.lower(): t.id for t in catalog.tags for a in t.aliases}
    problems: list[Problem] = []
    for entry in catalog.entries:
        seen: set[str] = set()
        for i, tag in enumerate(entry.resource.tags):
            if tag in seen:
                problems.append(at(entry, ("tags", i), f"tag '{tag}' is listed twice", RULE))
            seen.add(tag)
            if tag in known:
                continue
            if tag in alias_of:
                hint = f": it is an alias, write '{alias_of[tag]}'"
            else:
                hint = suggest(tag, known) or " (declare new tags in data/tags.yml)"
            problems.append(at(entry, ("tags", i), f"unknown tag '{tag}'{hint}", RULE))
    return problems
