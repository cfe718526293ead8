"""Every entry's topic must be declared in topics.yml."""

from __future__ import annotations

from gpulist.checks._util import at, suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "unknown-topic"


def check(catalog: Catalog) -> list[Problem]:
    known = [t.id for t in catalog.topics]
    return [
        at(e, ("topic",), f"unknown topic '{e.resource.topic}'{suggest(e.resource.topic, known)}", RULE)
        for e in catalog.entries
        if e.resource.topic not in known
    ]
