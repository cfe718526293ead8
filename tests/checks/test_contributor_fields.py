"""placeholder-title, note-missing, effort-missing: what a contributor's draft still lacks is an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import ADVICE_CHECKS, ALL_CHECKS, TO_FILL, effort_missing, effort_wanted, note_missing, \
    note_too_short, placeholder_title
from gpulist.checks.placeholder_title import is_placeholder
from gpulist.models import Resource
from tests.catalogs import load, resource


def _resource(**fields: object) -> Resource:
    base = {"id": "x", "title": "X", "url": "https://example.org/x", "type": "blog", "topic": "t",
            "added": "2025-01-01"}
    return Resource.model_validate({**base, **fields}, strict=False)


@pytest.mark.parametrize(("title", "url", "arxiv"), [
    ("arXiv:2502.01234", "https://arxiv.org/abs/2502.01234", None),
    ("arXiv:2502.01234", "https://openreview.net/forum?id=abc", "2502.01234"),  # the id alone, whatever the URL
    ("arxiv: 2502.01234v2", None, None),
    ("example.org/blog/post", "https://www.example.org/blog/post/", None),
    ("https://example.org/blog/post", "https://example.org/blog/post", None),
    ("github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass", None),
])
def test_stand_in_titles_are_placeholders(title: str, url: str | None, arxiv: str | None) -> None:
    assert is_placeholder(_resource(title=title, url=url, arxiv=arxiv))


@pytest.mark.parametrize(("title", "url"), [
    ("FlashAttention-2: Faster Attention", "https://arxiv.org/abs/2307.08691"),
    ("arXiv:2502.01234 explained in ten minutes", "https://example.org/talk"),
    ("example.org", "https://example.org/blog/post"),  # a site named for its host is a real title
    ("CUTLASS", "https://github.com/NVIDIA/cutlass"),
])
def test_real_titles_pass(title: str, url: str) -> None:
    assert not is_placeholder(_resource(title=title, url=url))


def test_each_missing_field_is_an_error_at_its_line(tmp_path: Path) -> None:
    files = {"resources/a.yml": resource(title="arXiv:2502.01234", url="https://arxiv.org/abs/2502.01234",
                                         effort=None, notes=None)}
    catalog, problems = load(tmp_path, files)
    assert problems == []
    found = [(p.line, p.rule, p.severity) for check in (placeholder_title.check, note_missing.check,
                                                          effort_missing.check) for p in check(catalog)]
    assert found == [(1, "placeholder-title", "error"), (1, "note-missing", "error"), (3, "effort-missing", "error")]
    assert note_too_short.check(catalog) == []  # no note is note-missing's, not said twice


def test_an_unread_entry_is_advised_an_effort_not_refused(tmp_path: Path) -> None:
    """`reviewed: false`: nobody has judged its length, so an effort would be a guess."""
    catalog, _ = load(tmp_path, {"resources/a.yml": resource(effort=None, reviewed=False)})
    assert effort_missing.check(catalog) == []
    assert [p.severity for p in effort_wanted.check(catalog)] == ["warning"]
    catalog, _ = load(tmp_path / "read", {"resources/a.yml": resource(effort=None)})
    assert effort_wanted.check(catalog) == [] and len(effort_missing.check(catalog)) == 1


@pytest.mark.parametrize("kind", ["tool", "community"])
def test_tools_and_communities_need_no_effort(tmp_path: Path, kind: str) -> None:
    catalog, _ = load(tmp_path, {"resources/a.yml": resource(type=kind, effort=None)})
    assert effort_missing.check(catalog) == [] and effort_wanted.check(catalog) == []


def test_the_three_rules_run_in_plain_validate_and_are_what_is_left_to_fill() -> None:
    rules = {placeholder_title.check, note_missing.check, effort_missing.check}
    assert rules <= set(ALL_CHECKS) and not rules & set(ADVICE_CHECKS)
    assert TO_FILL == {placeholder_title.RULE, note_missing.RULE, effort_missing.RULE}
