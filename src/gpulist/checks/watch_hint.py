"""A watched source's hints (topic, tier, tags) name what exists, as an entry's fields must.

They end up in the `gpulist new` command proposed for each candidate; a misspelt topic
there would make every accepted candidate fail validation.
"""

from __future__ import annotations

from collections.abc import Iterator

from gpulist.checks._util import at_doc, list_items, suggest
from gpulist.checks.unknown_tag import tag_hint
from gpulist.load import Catalog, Document
from gpulist.models import Topic, WatchSource
from gpulist.problems import Problem

RULE = "watch-hint"


def check(catalog: Catalog) -> list[Problem]:
    doc = catalog.watch_doc
    if doc is None:
        return []
    topics = {t.id: t for t in catalog.topics}
    known_tags = {t.id for t in catalog.concepts}
    alias_of = {a.lower(): t.id for t in catalog.concepts for a in t.aliases}
    problems: list[Problem] = []
    for index, source in _located(doc, catalog.watch):
        for loc, message in _topic_problems(source, topics) + _tag_problems(source, known_tags, alias_of):
            problems.append(at_doc(doc, (index, *loc), message, RULE))
    return problems


def _located(doc: Document, sources: list[WatchSource]) -> Iterator[tuple[int, WatchSource]]:
    """Each valid source with its index in the file, in one pass over both.

    Loading kept the valid items in file order and dropped the invalid ones, so each source
    is the next item written with its id: two sources sharing an id are each located at
    their own item (the repeat itself is `duplicate-source`'s to report).
    """
    items = enumerate(list_items(doc))
    for source in sources:
        for index, item in items:
            if isinstance(item, dict) and item.get("id") == source.id:
                yield index, source
                break


def _topic_problems(source: WatchSource, topics: dict[str, Topic]) -> list[tuple[tuple, str]]:
    if source.topic is None:
        return [(("tier",), "a `tier` hint needs a `topic` hint")] if source.tier is not None else []
    topic = topics.get(source.topic)
    if topic is None:
        return [(("topic",), f"unknown topic '{source.topic}'{suggest(source.topic, list(topics))}")]
    if source.tier is not None and not topic.tiered:
        return [(("tier",), f"topic '{topic.id}' has no tiers: drop the `tier` hint")]
    return []


def _tag_problems(source: WatchSource, known: set[str], alias_of: dict[str, str]) -> list[tuple[tuple, str]]:
    return [(("tags", i), f"unknown tag '{tag}'{tag_hint(tag, known, alias_of)}")
            for i, tag in enumerate(source.tags) if tag not in known]
