"""Tiered topics need a declared tier; grouped topics need a declared group; never both."""

from __future__ import annotations

from gpulist.checks._util import at, suggest
from gpulist.load import Catalog, Entry
from gpulist.models import Topic
from gpulist.problems import Problem

RULE = "tier-group"


def check(catalog: Catalog) -> list[Problem]:
    topics = {t.id: t for t in catalog.topics}
    problems: list[Problem] = []
    for entry in catalog.entries:
        topic = topics.get(entry.resource.topic)
        if topic is not None:
            problems.extend(_check_entry(entry, topic))
    return problems


def _check_entry(entry: Entry, topic: Topic) -> list[Problem]:
    r = entry.resource
    if topic.tiered:
        if r.group is not None:
            return [at(entry, ("group",), f"topic '{topic.id}' is tiered: use `tier: 1|2|3`, not `group`", RULE)]
        if r.tier is None:
            return [at(entry, ("topic",), f"topic '{topic.id}' is tiered: add `tier: 1`, `2` or `3`", RULE)]
        return []
    groups = [g.id for g in topic.groups]
    if r.tier is not None:
        return [at(entry, ("tier",), f"topic '{topic.id}' has no tiers: use `group:` ({', '.join(groups)})", RULE)]
    if r.group is None:
        return [at(entry, ("topic",), f"topic '{topic.id}' needs a `group:` ({', '.join(groups)})", RULE)]
    if r.group not in groups:
        msg = f"unknown group '{r.group}' in topic '{topic.id}'{suggest(r.group, groups)}"
        return [at(entry, ("group",), msg, RULE)]
    return []
