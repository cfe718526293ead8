"""The generated engine configurations: what each engine is told beyond mkdocs.yml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpulist.publish.engine import Layout, engine, publishing
from gpulist.publish.build import resolve_paths
from gpulist.view.config import SiteConfig, merged_config
from tests.site.conftest import REPO


def _layout() -> Layout:
    return Layout(REPO / "mkdocs.yml", REPO / "docs", REPO / "site", merged_config(REPO / "mkdocs.yml"))


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
    for name in ("topics.yml", "concepts.yml"):
        (data / name).write_bytes((REPO / "data" / name).read_bytes())
    (data / "resources" / "x.yml").write_text(
        "title: X\nurl: https://example.org/x\ntype: blog\ntopic: fundamentals\ntier: 1\n"
        "notes:\n  - See [the chapter](notes.md)\nadded: 2025-01-01\neffort: hour\n", encoding="utf-8")
    _, problems = validate(data)
    # The real vocabulary's concepts lack their entries in this scratch catalog; only x.yml matters.
    assert [(p.rule, p.line) for p in problems if p.path.endswith("x.yml")] == [("relative-link", 7)]


def test_an_inherited_mkdocs_yml_gives_the_renderers_what_the_engine_sees(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Settings held by an `INHERIT`ed parent reach the pages (SiteConfig) as they reach Zensical."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.yml").write_text("site_name: From the parent\ndocs_dir: pages\n"
                                       "repo_url: https://github.com/o/r\nedit_uri: edit/dev/data/\n"
                                       "theme: {name: material}\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text("INHERIT: base.yml\ntheme: {language: en}\n", encoding="utf-8")
    paths, settings = resolve_paths(tmp_path / "data", tmp_path / "mkdocs.yml", None, None)
    text = engine("zensical").config_text(paths.layout, settings, [])
    seen = json.loads("".join(line for line in text.splitlines(keepends=True) if not line.startswith("#")))
    assert settings == SiteConfig("From the parent", None, "https://github.com/o/r", "edit/dev/data/", "pages")
    assert paths.docs == tmp_path / "pages" and seen["docs_dir"] == "pages"
    assert (seen["site_name"], seen["repo_url"], seen["edit_uri"]) == (settings.site_name, settings.repo_url,
                                                                     settings.edit_uri)
    assert seen["theme"] == {"name": "material", "language": "en"}


@pytest.mark.parametrize(("repo_url", "name"), [
    ("https://github.com/test-org/gpulist", "test-org/gpulist"),
    ("https://github.com/Acme/List/", "Acme/List"),
    ("https://www.github.com/Acme/List", "Acme/List"),
    ("https://github.com/acme/list.git", "acme/list.git"),
    ("https://github.com/acme/list.git/", "acme/list.git"),
    ("https://github.com/acme/list/tree/main", "acme/list"),
    ("https://git.acme.dev/acme/list", "acme/list"),
    ("https://gitlab.com/group/sub/proj", "sub/proj"),
    ("https://github.com/acme", "github.com/acme"),
])
def test_repo_name_shows_the_repository_as_its_url_writes_it(repo_url: str, name: str) -> None:
    assert publishing(SiteConfig(repo_url=repo_url))["repo_name"] == name


def test_material_search_fields_stay_with_mkdocs_and_aliases_go_to_the_title_for_zensical() -> None:
    """Zensical refuses search options it does not know (Material's `fields`); its search has
    no tags field, so a concept's aliases go into the page's title there (gpulist.site.concept_page)."""
    text = engine("zensical").config_text(_layout(), SiteConfig(), [])
    config = json.loads("".join(line for line in text.splitlines(keepends=True) if not line.startswith("#")))
    [search] = [p["search"] for p in config["plugins"] if isinstance(p, dict) and "search" in p]
    assert "fields" not in search and search["separator"]
    assert merged_config(REPO / "mkdocs.yml")["plugins"][0]["search"]["fields"] == {"tags": {"boost": 300}}
    assert engine("zensical").names_in_title and not engine("mkdocs").names_in_title
