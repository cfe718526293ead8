"""Site settings come from mkdocs.yml, read without an engine and tolerant of its YAML tags."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.problems import UsageError
from gpulist.view.config import SiteConfig, load_site_config, read_mkdocs_yml

REPO = Path(__file__).resolve().parents[2]


def test_reads_the_repository_settings(tmp_path: Path) -> None:
    path = tmp_path / "mkdocs.yml"
    path.write_text(
        "site_name: X\nsite_url: https://x.test/\nrepo_url: https://github.com/o/r\nedit_uri: edit/dev/data/\n"
        "markdown_extensions:\n  - pymdownx.emoji:\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "extra:\n  key: !ENV [HOME, x]\n", encoding="utf-8")
    config = load_site_config(path)
    assert config == SiteConfig("X", "https://x.test/", "https://github.com/o/r", "edit/dev/data/", "docs")
    assert config.edit_url("resources/a.yml") == "https://github.com/o/r/edit/dev/data/resources/a.yml"


def test_project_mkdocs_yml_names_no_address_and_disables_fonts() -> None:
    """Addresses come from settings (gpulist.publish.settings), so a fork edits no file."""
    config = load_site_config(REPO / "mkdocs.yml")
    assert config.repo_url is None and config.site_url is None and config.edit_uri == "edit/main/data/"
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert "font: false" in text and "social" not in text and "privacy" not in text


def test_without_a_repository_there_are_no_edit_links() -> None:
    config = SiteConfig()
    assert config.edit_url("resources/a.yml") is None and config.page_url("feed.xml") == "feed.xml"


def test_yaml_tags_become_plain_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`!ENV` as MkDocs resolves it; `!!python/name:` as the dotted name Zensical resolves."""
    monkeypatch.setenv("GPULIST_TEST_NAME", "From env")
    monkeypatch.delenv("GPULIST_TEST_UNSET", raising=False)
    path = tmp_path / "mkdocs.yml"
    path.write_text("site_name: !ENV [GPULIST_TEST_UNSET, GPULIST_TEST_NAME, fallback]\n"
                    "site_description: !ENV [GPULIST_TEST_UNSET, fallback]\n"
                    "extra: {f: !!python/name:material.extensions.emoji.twemoji , o: !!python/object:x {}}\n",
                    encoding="utf-8")
    raw = read_mkdocs_yml(path)
    assert raw["site_name"] == "From env" and raw["site_description"] == "fallback"
    assert raw["extra"] == {"f": "material.extensions.emoji.twemoji", "o": None}


@pytest.mark.parametrize("content", ["- a list\n", "key: [unclosed\n"])
def test_bad_config_is_a_usage_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "mkdocs.yml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UsageError):
        load_site_config(path)


def test_missing_config_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        load_site_config(tmp_path / "absent.yml")
