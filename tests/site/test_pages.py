"""Every page the site writes, taken together: what an entry's curators record stays theirs."""

from __future__ import annotations

from pathlib import Path

from gpulist.site.pages import catalog_pages, reading_pages
from gpulist.view.catalog import build_view
from gpulist.view.marks import UNREVIEWED

from tests.site.conftest import CONFIG, PROVENANCE_MARKER, fixture_with_unreviewed


def test_no_page_shows_an_entrys_provenance(tmp_path: Path) -> None:
    """Topic pages, concept pages, all resources, recent, the feed, llms.txt and the progress data."""
    view = build_view(fixture_with_unreviewed(tmp_path))
    pages = reading_pages(view, CONFIG) | catalog_pages(view, CONFIG)
    assert [name for name, text in pages.items() if PROVENANCE_MARKER in text] == []
    # The entry itself is there: a test that found no marker because the entry was missing would prove nothing.
    topic = next(text for name, text in pages.items() if name.startswith("topics/fundamentals"))
    assert "PyTorch源码解析（1）" in topic and UNREVIEWED in topic
