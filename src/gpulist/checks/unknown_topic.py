"""Every entry's topic must be declared in topics.yml; an unknown one is answered with the id meant.

The model takes any text for `topic` (as for tags), so that a topic written as its title
(`Profiling & Optimization`), capitalised (`Attention`) or misspelt (`fundamental`) reaches
this rule and is answered with the id to write, instead of a bare "not kebab-case".
"""

from __future__ import annotations

import difflib

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.models import Topic
from gpulist.models.fields import slugify
from gpulist.problems import Problem

RULE = "unknown-topic"


def topic_hint(value: str, topics: list[Topic]) -> str:
    """': did you mean 'id'?' from the id, the title or a word of the title; '' when nothing is close."""
    slug = slugify(value)
    by_id = {t.id: t.id for t in topics}
    if slug in by_id:
        return f": topic ids are lowercase kebab-case, write '{slug}'"
    names = {**{slugify(t.title): t.id for t in topics}, **by_id, **_title_words(topics)}
    if slug in names:
        return f": did you mean '{names[slug]}'?"
    close = difflib.get_close_matches(slug or value, list(names), n=1, cutoff=0.6)
    return f": did you mean '{names[close[0]]}'?" if close else ""


def _title_words(topics: list[Topic]) -> dict[str, str]:
    """Each word of a topic's id or title that names that topic alone ('amd', 'quantization',
    not 'kernels', which two titles share), to the topic's id."""
    owners: dict[str, set[str]] = {}
    for t in topics:
        for word in {*slugify(t.title).split("-"), *t.id.split("-")}:
            if len(word) >= 3 and word not in ("and", "the"):
                owners.setdefault(word, set()).add(t.id)
    return {word: ids.pop() for word, ids in owners.items() if len(ids) == 1}


def check(catalog: Catalog) -> list[Problem]:
    known = [t.id for t in catalog.topics]
    return [
        at(e, ("topic",), f"unknown topic '{e.resource.topic}'{topic_hint(e.resource.topic, catalog.topics)}", RULE)
        for e in catalog.entries
        if e.resource.topic not in known
    ]
