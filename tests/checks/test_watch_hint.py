"""watch-hint: a source's topic, tier and tags hints name what the vocabulary declares."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import watch_hint
from tests.catalogs import load

GOOD = "- id: a\n  kind: feed\n  url: https://a.example/feed\n  topic: attention\n  tier: 2\n  tags: [cuda]\n"


def test_valid_hints_and_no_watch_file_pass(tmp_path: Path) -> None:
    assert watch_hint.check(load(tmp_path / "one", {"watch.yml": GOOD})[0]) == []
    assert watch_hint.check(load(tmp_path / "two")[0]) == []


def test_each_bad_hint_is_located(tmp_path: Path) -> None:
    bad = GOOD + "- id: b\n  kind: feed\n  url: https://b.example/feed\n  topic: big-picture\n  tier: 1\n  tags: [CUDA]\n"
    found = [(p.line, p.col, p.message) for p in watch_hint.check(load(tmp_path, {"watch.yml": bad})[0])]
    assert found == [(11, 9, "topic 'big-picture' has no tiers: drop the `tier` hint"),
                     (12, 10, "unknown tag 'CUDA': tag ids are lowercase, write 'cuda'")]


def test_sources_sharing_an_id_are_each_located_at_their_own_item(tmp_path: Path) -> None:
    """The repeated id is duplicate-source's to report; each source's hints stay on its own lines."""
    twice = ("- id: a\n  kind: feed\n  url: https://a.example/feed\n  topic: atention\n"
             "- id: a\n  kind: feed\n  url: https://b.example/feed\n  tags: [tritonn]\n")
    found = [(p.line, p.col, p.message) for p in watch_hint.check(load(tmp_path, {"watch.yml": twice})[0])]
    assert found == [(4, 10, "unknown topic 'atention': did you mean 'attention'?"),
                     (8, 10, "unknown tag 'tritonn': did you mean 'triton'?")]


def test_an_invalid_item_before_a_source_does_not_shift_its_lines(tmp_path: Path) -> None:
    text = ("- id: x\n  kind: nope\n  url: https://x.example/f\n  tags: [also-unknown]\n"
            "- 3\n" + GOOD.replace("topic: attention", "topic: atention"))
    catalog, problems = load(tmp_path, {"watch.yml": text})
    assert [p.rule for p in problems] == ["invalid-value", "wrong-type"]
    found = [(p.line, p.col, p.message) for p in watch_hint.check(catalog)]
    assert found == [(9, 10, "unknown topic 'atention': did you mean 'attention'?")]
