"""unknown-tag: tags must come from concepts.yml, and a near miss is answered with the id meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import unknown_tag
from tests.catalogs import load, resource


def _messages(tmp_path: Path, tags: list[str]) -> list[tuple[int, int, str]]:
    catalog, load_problems = load(tmp_path, {"resources/entry.yml": resource(tags=tags)})
    assert load_problems == []
    problems = unknown_tag.check(catalog)
    assert {p.rule for p in problems} <= {unknown_tag.RULE}
    return [(p.line, p.col, p.message) for p in problems]


def test_declared_tags_pass(tmp_path: Path) -> None:
    assert _messages(tmp_path, ["cuda", "triton", "flashattention"]) == []


@pytest.mark.parametrize(("tag", "message"), [
    ("tritonn", "unknown tag 'tritonn': did you mean 'triton'?"),
    ("cuda-c++", "unknown tag 'cuda-c++': it is an alias, write 'cuda'"),
    ("CUDA-C++", "unknown tag 'CUDA-C++': it is an alias, write 'cuda'"),
    ("CUDA", "unknown tag 'CUDA': tag ids are lowercase, write 'cuda'"),
    ("Flash Attention", "unknown tag 'Flash Attention': did you mean 'flashattention'?"),
    ("quantization", "unknown tag 'quantization' (declare new tags in data/concepts.yml)"),
])
def test_unknown_tag_names_the_id_meant(tmp_path: Path, tag: str, message: str) -> None:
    assert _messages(tmp_path, ["cuda", tag]) == [(9, 3, message)]


def test_a_tag_listed_twice_is_reported_at_the_repeat(tmp_path: Path) -> None:
    assert _messages(tmp_path, ["cuda", "triton", "cuda"]) == [(10, 3, "tag 'cuda' is listed twice")]


def test_an_unknown_tag_listed_twice_is_reported_both_ways(tmp_path: Path) -> None:
    assert [m for *_, m in _messages(tmp_path, ["nope", "nope"])] == [
        "unknown tag 'nope' (declare new tags in data/concepts.yml)",
        "tag 'nope' is listed twice",
        "unknown tag 'nope' (declare new tags in data/concepts.yml)",
    ]
