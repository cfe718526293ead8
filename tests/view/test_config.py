"""Site settings come from mkdocs.yml, read without MkDocs and tolerant of its YAML tags."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.problems import UsageError
from gpulist.view.config import SiteConfig, load_site_config

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


def test_project_mkdocs_yml_names_a_repository_and_disables_fonts() -> None:
    config = load_site_config(REPO / "mkdocs.yml")
    assert config.repo_url.startswith("https://github.com/") and config.site_url.startswith("https://")
    text = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    assert "font: false" in text and "social" not in text and "privacy" not in text


@pytest.mark.parametrize("content", ["- a list\n", "key: [unclosed\n"])
def test_bad_config_is_a_usage_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "mkdocs.yml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(UsageError):
        load_site_config(path)


def test_missing_config_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        load_site_config(tmp_path / "absent.yml")
