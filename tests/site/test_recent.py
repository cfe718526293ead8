"""Recently added: at most SHOWN entries, newest first, each with the day it was added."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace

from gpulist.load import Entry
from gpulist.site.recent import SHOWN, recent_entries, render_recent
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_newest_first(view: SiteView) -> None:
    added = [e.resource.added for e in recent_entries(view, 100)]
    assert added == sorted(added, reverse=True) and len(added) == len(view.entries)


def test_months_dates_and_count(view: SiteView) -> None:
    text = render_recent(view, CONFIG)
    assert re.findall(r"^## (.+)$", text, re.MULTILINE)[:3] == ["June 2025", "March 2025", "January 2025"]
    assert text.count("\n<li data-gpulist-entry=") == min(SHOWN, len(view.entries))
    first = text.split('\n<li data-gpulist-entry="flashattention-3"')[1].split("</li>")[0]
    assert '· added <time datetime="2025-06-01">1 Jun 2025</time>' in first


def _many(view: SiteView, n: int) -> SiteView:
    """The view with `n` entries, copies of the fixture's, added one day apart, all the same year."""
    base = view.entries[0]
    made = [Entry(base.resource.model_copy(update={"id": f"e{k:03d}", "title": f"E {k:03d}", "year": 2020,
                                                   "added": dt.date(2024, 1, 1) + dt.timedelta(days=k)}), base.doc)
            for k in range(n)]
    section = replace(view.topics[0].sections[0], entries=tuple(made))
    topic = replace(view.topics[0], sections=(section,))
    return replace(view, topics=(topic,))


def test_at_most_forty_of_a_long_list_newest_first(view: SiteView) -> None:
    text = render_recent(_many(view, 120), CONFIG)
    lines = re.findall(r'<li data-gpulist-entry="(e\d+)"', text)
    assert SHOWN == 40 and lines == [f"e{k:03d}" for k in range(119, 79, -1)]
