"""link-wanted: `url: null` is allowed but flagged as a warning, so someone can find the link."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import link_wanted
from gpulist.problems import has_errors
from tests.catalogs import load, resource


def test_entries_with_a_url_pass(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"resources/entry.yml": resource()})
    assert link_wanted.check(catalog) == []


def test_null_url_is_a_warning_on_the_url_line(tmp_path: Path) -> None:
    catalog, load_problems = load(tmp_path, {"resources/entry.yml": resource(url=None) + "url: null\n"})
    assert load_problems == []
    problems = link_wanted.check(catalog)
    assert [(p.line, p.col, p.severity, p.rule, p.message) for p in problems] == [
        (9, 6, "warning", "link-wanted", "link wanted: 'A valid entry' has no canonical URL yet")
    ]
    assert not has_errors(problems)
