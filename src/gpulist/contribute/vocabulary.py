"""Turning what a contributor typed into the catalog's own ids, or a helpful refusal."""

from __future__ import annotations

from gpulist.checks._util import suggest
from gpulist.checks.unknown_topic import topic_hint
from gpulist.load import Catalog
from gpulist.models import RESOURCE_TYPES, Topic
from gpulist.models.fields import ID_RE
from gpulist.problems import UsageError


def topic(catalog: Catalog, value: str) -> Topic:
    found = catalog.topic(value.strip().lower())
    if found is None:
        known = [t.id for t in catalog.topics]
        raise UsageError(f"unknown topic '{value}'{topic_hint(value, catalog.topics)} (topics: {', '.join(known)})")
    return found


def tag(catalog: Catalog, word: str) -> str | None:
    """A tag id from its id or one of its aliases, case-insensitively; None if unknown."""
    lowered = word.strip().lower()
    for t in catalog.concepts:
        if lowered == t.id or lowered in (a.lower() for a in t.aliases):
            return t.id
    return None


def tags(catalog: Catalog, words: list[str]) -> list[str]:
    resolved = []
    for word in words:
        found = tag(catalog, word)
        if found is None:
            hint = suggest(word, [t.id for t in catalog.concepts]) or " (declare new tags in data/concepts.yml)"
            raise UsageError(f"unknown tag '{word}'{hint}")
        resolved.append(found)
    return list(dict.fromkeys(resolved))


def resource_type(value: str) -> str:
    if value not in RESOURCE_TYPES:
        raise UsageError(f"unknown type '{value}'{suggest(value, RESOURCE_TYPES)} (types: {', '.join(RESOURCE_TYPES)})")
    return value


def placement(chosen: Topic, tier: int | None, group: str | None) -> tuple[int | None, str | None]:
    """Check a tier or group against the topic's shape; (None, None) means still to ask."""
    if chosen.tiered:
        if group is not None:
            raise UsageError(f"topic '{chosen.id}' is tiered: use --tier 1|2|3, not --group")
        if tier is not None and tier not in (1, 2, 3):
            raise UsageError("--tier must be 1, 2 or 3")
        return tier, None
    if tier is not None:
        raise UsageError(f"topic '{chosen.id}' has no tiers: use --group ({', '.join(g.id for g in chosen.groups)})")
    groups = [g.id for g in chosen.groups]
    if group is not None and group not in groups:
        raise UsageError(f"unknown group '{group}' in topic '{chosen.id}'{suggest(group, groups)}")
    return None, group


def entry_id(wanted: str) -> str:
    if not ID_RE.match(wanted):
        raise UsageError(f"--id '{wanted}' is not kebab-case (lowercase letters, digits, single hyphens)")
    return wanted
