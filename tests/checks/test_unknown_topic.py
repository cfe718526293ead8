"""unknown-topic: every entry's topic must be declared in topics.yml."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import unknown_topic
from tests.catalogs import load, resource


def _found(tmp_path: Path, topic: str) -> list[tuple[int, int, str, str]]:
    catalog, load_problems = load(tmp_path, {"resources/entry.yml": resource(topic=topic)})
    assert load_problems == []
    return [(p.line, p.col, p.rule, p.message) for p in unknown_topic.check(catalog)]


@pytest.mark.parametrize("topic", ["fundamentals", "attention", "big-picture"])
def test_declared_topics_pass(tmp_path: Path, topic: str) -> None:
    assert _found(tmp_path, topic) == []


@pytest.mark.parametrize(("topic", "message"), [
    ("fundamental", "unknown topic 'fundamental': did you mean 'fundamentals'?"),
    ("big-pictures", "unknown topic 'big-pictures': did you mean 'big-picture'?"),
    ("quantum", "unknown topic 'quantum'"),
])
def test_unknown_topic_is_located_on_the_topic_with_a_suggestion(tmp_path: Path, topic: str, message: str) -> None:
    assert _found(tmp_path, topic) == [(4, 8, "unknown-topic", message)]


def test_every_entry_is_unknown_when_topics_yml_is_broken(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"topics.yml": "not: a list\n", "resources/entry.yml": resource()})
    assert [p.message for p in unknown_topic.check(catalog)] == ["unknown topic 'fundamentals'"]
