"""tier-group: tiered topics need a tier, grouped topics need a declared group, never both."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import tier_group
from tests.catalogs import load, resource

GROUPS = "(industry-analysis, practitioner-blogs, communities)"


def _found(tmp_path: Path, **fields: object) -> list[tuple[str, str]]:
    catalog, load_problems = load(tmp_path, {"resources/entry.yml": resource(**fields)})
    assert load_problems == []
    problems = tier_group.check(catalog)
    assert {p.rule for p in problems} <= {tier_group.RULE}
    text = resource(**fields).splitlines()
    # name the field each problem points at, so a test reads 'group', not '6:8'
    return [(text[p.line - 1].split(":")[0].strip(), p.message) for p in problems]


@pytest.mark.parametrize("fields", [
    pytest.param({"topic": "fundamentals", "tier": 1}, id="tiered-1"),
    pytest.param({"topic": "attention", "tier": 3}, id="tiered-3"),
    pytest.param({"topic": "big-picture", "tier": None, "group": "communities"}, id="grouped"),
    pytest.param({"topic": "nowhere", "tier": None}, id="unknown-topic-left-to-its-own-check"),
])
def test_valid_placements_pass(tmp_path: Path, fields: dict[str, object]) -> None:
    assert _found(tmp_path, **fields) == []


@pytest.mark.parametrize(("fields", "where", "message"), [
    pytest.param({"tier": None}, "topic", "topic 'fundamentals' is tiered: add `tier: 1`, `2` or `3`", id="tier-missing"),
    pytest.param({"tier": None, "group": "communities"}, "group",
                 "topic 'fundamentals' is tiered: use `tier: 1|2|3`, not `group`", id="group-in-tiered"),
    pytest.param({"tier": 1, "group": "communities"}, "group",
                 "topic 'fundamentals' is tiered: use `tier: 1|2|3`, not `group`", id="tier-and-group"),
    pytest.param({"topic": "big-picture", "tier": 2}, "tier",
                 f"topic 'big-picture' has no tiers: use `group:` {GROUPS}", id="tier-in-untiered"),
    pytest.param({"topic": "big-picture", "tier": None}, "topic",
                 f"topic 'big-picture' needs a `group:` {GROUPS}", id="group-missing"),
    pytest.param({"topic": "big-picture", "tier": None, "group": "community"}, "group",
                 "unknown group 'community' in topic 'big-picture': did you mean 'communities'?", id="group-typo"),
    pytest.param({"topic": "big-picture", "tier": None, "group": "podcasts"}, "group",
                 "unknown group 'podcasts' in topic 'big-picture'", id="group-unknown"),
])
def test_misplaced_entries_are_told_what_to_write(tmp_path: Path, fields: dict, where: str, message: str) -> None:
    assert _found(tmp_path, **fields) == [(where, message)]
