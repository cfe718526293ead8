"""Recently added: newest first, grouped by month, never fewer than MIN_SHOWN when available."""

from __future__ import annotations

import re

from gpulist.site.recent import MIN_SHOWN, recent_entries, render_recent
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_newest_first(view: SiteView) -> None:
    added = [e.resource.added for e in recent_entries(view, 100)]
    assert added == sorted(added, reverse=True) and len(added) == len(view.entries)


def test_months_and_count(view: SiteView) -> None:
    text = render_recent(view, CONFIG)
    assert re.findall(r"^## (.+)$", text, re.MULTILINE)[:3] == ["June 2025", "March 2025", "January 2025"]
    assert text.count("\n<li data-gpulist-entry=") == min(MIN_SHOWN, len(view.entries))
