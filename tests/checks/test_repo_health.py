from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpulist.checks import validate
from gpulist.checks.repo_health import RULE, years_before
from gpulist.enrich.store import HEALTH_FILE, render
from gpulist.models import RepoHealth

FETCHED = dt.datetime(2026, 6, 1, tzinfo=dt.UTC)


def _line_of(path: str, text: str) -> int:
    return next(n for n, line in enumerate(Path(path).read_text().splitlines(), 1) if text in line)


def _warnings(make_data, health: RepoHealth, **entry) -> list:
    fields = {"title": "Some code", "url": "https://github.com/owner/code", **entry}
    root = make_data({"some-code": fields})
    (root / HEALTH_FILE).parent.mkdir(parents=True)
    (root / HEALTH_FILE).write_text(render({"owner/code": health}), encoding="utf-8")
    _, problems = validate(root)
    return [p for p in problems if p.rule == RULE]


def _health(archived: bool = False, pushed: dt.datetime | None = None) -> RepoHealth:
    return RepoHealth(stars=1, archived=archived, pushed_at=pushed, fetched_at=FETCHED)


def test_archived_repository_warns_on_the_url_line(make_data) -> None:
    (problem,) = _warnings(make_data, _health(archived=True, pushed=FETCHED))
    assert problem.severity == "warning" and "archived" in problem.message
    assert problem.path.endswith("some-code.yml") and problem.line == _line_of(problem.path, "url: https://github")


@pytest.mark.parametrize(("pushed", "warns"), [
    (dt.datetime(2024, 5, 31, tzinfo=dt.UTC), True),
    (dt.datetime(2024, 6, 1, tzinfo=dt.UTC), False),
    (dt.datetime(2025, 1, 1, tzinfo=dt.UTC), False),
    (None, False),
])
def test_two_years_idle_counts_from_fetched_at_not_today(make_data, pushed, warns) -> None:
    found = _warnings(make_data, _health(pushed=pushed))
    assert bool(found) is warns
    if warns:
        assert "no push since 2024-05-31" in found[0].message and found[0].severity == "warning"


def test_only_code_entries_are_judged(make_data) -> None:
    assert _warnings(make_data, _health(archived=True), type="paper") == []


def test_code_link_counts_when_the_url_is_elsewhere(make_data) -> None:
    entry = {"url": "https://example.com/docs", "links": [{"title": "code", "url": "https://github.com/owner/code"}]}
    (problem,) = _warnings(make_data, _health(archived=True), **entry)
    assert problem.line == _line_of(problem.path, "url: https://github.com/owner/code")


def test_no_health_record_no_warning(make_data) -> None:
    assert _warnings(make_data, _health(archived=True), url="https://github.com/other/repo") == []


def test_leap_day_falls_back_to_the_28th() -> None:
    leap = dt.datetime(2028, 2, 29, tzinfo=dt.UTC)
    assert years_before(leap, 2) == dt.datetime(2026, 2, 28, tzinfo=dt.UTC)
