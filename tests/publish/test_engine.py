"""The generated engine configurations: what each engine is told beyond mkdocs.yml."""

from __future__ import annotations

import json
from pathlib import Path

from gpulist.publish.engine import Layout, engine
from gpulist.view.config import SiteConfig
from tests.site.conftest import REPO


def _layout() -> Layout:
    return Layout(REPO / "mkdocs.yml", REPO / "docs", REPO / "site")


def test_zensical_skips_its_link_pass_and_keeps_the_rest_of_mkdocs_yml() -> None:
    """Links are checked by the build tests, `relative-link` and CI's MkDocs build; the nav checks stay."""
    text = engine("zensical").config_text(_layout(), SiteConfig(), [{"Home": "index.md"}])
    config = json.loads("".join(line for line in text.splitlines(keepends=True) if not line.startswith("#")))
    assert set(config["validation"]["links"].values()) == {"ignore"}
    assert config["validation"]["nav"] == {"omitted_files": "warn", "not_found": "warn", "absolute_links": "warn"}
    assert config["strict"] is True and config["nav"] == [{"Home": "index.md"}]


def test_mkdocs_inherits_mkdocs_yml_with_its_strict_link_checks() -> None:
    text = engine("mkdocs").config_text(_layout(), SiteConfig(), [])
    assert '\nINHERIT: "mkdocs.yml"\n' in text and "validation" not in text
    assert "links:\n    not_found: warn" in (REPO / "mkdocs.yml").read_text(encoding="utf-8")


def test_a_broken_link_in_a_note_is_refused_before_any_engine_runs(tmp_path: Path) -> None:
    from gpulist.checks import validate

    data = tmp_path / "data"
    (data / "resources").mkdir(parents=True)
    for name in ("topics.yml", "tags.yml"):
        (data / name).write_bytes((REPO / "data" / name).read_bytes())
    (data / "resources" / "x.yml").write_text(
        "title: X\nurl: https://example.org/x\ntype: blog\ntopic: fundamentals\ntier: 1\n"
        "notes:\n  - See [the chapter](notes.md)\nadded: 2025-01-01\n", encoding="utf-8")
    _, problems = validate(data)
    assert [(p.rule, p.line) for p in problems] == [("relative-link", 7)]
