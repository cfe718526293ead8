"""Every page the site writes, taken together: what an entry's curators record stays theirs."""

from __future__ import annotations

import re
from pathlib import Path

from gpulist.site.pages import catalog_pages, reading_pages
from gpulist.view.catalog import SiteView, build_view
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


TIER_HEADING = re.compile(r"^#{2,4} (Tier \d.*?)(?: \{[^}]*\})?$", re.MULTILINE)


def test_tier_headings_follow_one_pattern(view: SiteView) -> None:
    """A topic's page names its tiers as the topic does ("Tier 1: FlashAttention"); every page
    that mixes topics (concept pages, recent, all resources, paths) says "Tier N" alone."""
    pages = reading_pages(view, CONFIG) | catalog_pages(view, CONFIG)
    own = {t.page: {f"Tier {s.tier}: {s.subtitle}" for s in t.sections if s.tier} for t in view.topics}
    seen_own = seen_plain = 0
    for name, text in pages.items():
        if name == "start-here.md":
            continue  # being rewritten (issue 26): its steps name tiers in prose
        for heading in TIER_HEADING.findall(text):
            heading = heading.replace("&amp;", "&")
            if name in own:
                assert heading in own[name], (name, heading)
                seen_own += 1
            else:
                assert re.fullmatch(r"Tier \d", heading), (name, heading)
                seen_plain += 1
    assert seen_own and seen_plain, "the fixture has both kinds of page"
