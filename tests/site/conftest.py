"""The fixture catalog, loaded once, and a site config with test URLs."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from gpulist.checks import validate
from gpulist.load import Catalog
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.config import SiteConfig

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "site"
GOLDEN = Path(__file__).resolve().parent / "golden"
CONFIG = SiteConfig(
    site_name="Test list", site_url="https://example.test/gpulist/",
    repo_url="https://github.com/test-org/gpulist", edit_uri="edit/main/data/",
)


def load_fixture(root: Path = FIXTURE) -> Catalog:
    catalog, problems = validate(root)
    assert not [p for p in problems if p.is_error], problems
    return catalog


# An entry listed from its address alone, in Chinese, with a curator's sourcing note that no
# page or export may show: the fixture for the language and review marks and for `provenance`.
PROVENANCE_MARKER = "PROVENANCE-for-curators-only"
UNREVIEWED_ENTRY = f"""\
title: PyTorch源码解析（1）- 整体预览
url: https://example.test/menu/151/
type: blog
topic: fundamentals
tier: 1
tags: [cuda]
effort: hour
language: zh
notes:
  - Notes on reading PyTorch's source code, starting from an overview of how it is laid out.
added: 2025-01-01
reviewed: false
provenance: {PROVENANCE_MARKER} seed 003, section Pytorch Code Analysis; title from a citing page
"""


def fixture_with_unreviewed(tmp_path: Path) -> Catalog:
    """The site fixture plus UNREVIEWED_ENTRY, loaded from a copy under tmp_path."""
    root = tmp_path / "data"
    shutil.copytree(FIXTURE, root)
    (root / "resources" / "pytorch-notes-151.yml").write_text(UNREVIEWED_ENTRY, encoding="utf-8")
    return load_fixture(root)


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return load_fixture()


@pytest.fixture(scope="session")
def view(catalog: Catalog) -> SiteView:
    return build_view(catalog)


@pytest.fixture
def config() -> SiteConfig:
    return CONFIG


def check_golden(name: str, actual: str) -> None:
    """Compare with tests/site/golden/<name>; `UPDATE_GOLDEN=1` rewrites the file instead."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.is_file(), f"missing golden file {path}: run with UPDATE_GOLDEN=1 to create it"
    assert actual == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def unsafe_markup(html: str) -> list[str]:
    """Every element, attribute or URL in rendered HTML that could run script."""
    from html.parser import HTMLParser

    found: list[str] = []

    class Collector(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if tag in ("script", "iframe", "object", "embed", "img", "svg", "style"):
                found.append(f"<{tag}>")
            for name, value in attrs:
                if name.startswith("on"):
                    found.append(f"{tag}[{name}]")
                if name in ("href", "src") and (value or "").strip().lower().startswith(("javascript:", "data:", "vbscript:")):
                    found.append(f"{tag}[{name}={value}]")

    Collector().feed(html)
    return found
