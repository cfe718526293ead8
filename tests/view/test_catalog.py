"""The site's arrangement of the catalog: order, sections, the ✨ window, links."""

from __future__ import annotations

import datetime as dt

from gpulist.load import Catalog, Entry
from gpulist.view.catalog import NEW_DAYS, NEW_SHARE, SiteView, build_view


def test_topics_in_guide_order_and_sections_per_tier_or_group(view: SiteView) -> None:
    assert [t.topic.id for t in view.topics] == ["fundamentals", "attention", "big-picture"]
    attention = view.topics[1]
    assert [s.heading for s in attention.sections] == [
        "Tier 1: FlashAttention", "Tier 2: PagedAttention & Serving", "Tier 3: KV Cache Optimization"]
    assert [s.key for s in view.topics[2].sections] == ["group_industry-analysis", "group_communities"]


def test_section_keys_can_never_collide_with_entry_ids(view: SiteView, catalog: Catalog) -> None:
    keys = {s.key for t in view.topics for s in t.sections}
    assert all("_" in k for k in keys)
    assert not keys & {e.resource.id for e in catalog.entries}


def test_entries_within_a_section_by_year_then_title(view: SiteView) -> None:
    tier3 = view.topics[1].sections[2]
    assert [e.resource.id for e in tier3.entries] == ["tricky-title", "kv-old"]


def test_new_marks_the_latest_additions_and_at_most_a_share_of_the_list(view: SiteView) -> None:
    new = {e.resource.id for e in view.entries if view.is_new(e.resource)}
    assert new == {"flashattention-3"}  # 15% of 10 entries: the newest one


def _dated(catalog: Catalog, days: list[int], years: list[int]) -> Catalog:
    """The catalog's first entry copied once per day offset, each published in the year given."""
    base = catalog.entries[0]
    made = [Entry(base.resource.model_copy(update={"id": f"e{k:03d}", "title": f"E {k:03d}", "year": year,
                                                   "added": dt.date(2025, 1, 1) + dt.timedelta(days=day)}), base.doc)
            for k, (day, year) in enumerate(zip(days, years, strict=True))]
    return Catalog(catalog.root, catalog.topics, catalog.concepts, made)


def test_a_big_day_of_additions_is_cut_at_the_share_newest_work_first(catalog: Catalog) -> None:
    """100 entries, 60 added on the newest day: 15 are new, the most recently published of that day."""
    years = [2000 + k % 25 for k in range(100)]
    view = build_view(_dated(catalog, [0] * 40 + [300] * 60, years))
    new = [e for e in view.entries if view.is_new(e.resource)]
    assert len(new) == int(100 * NEW_SHARE) == 15
    assert all(e.resource.added == dt.date(2025, 1, 1) + dt.timedelta(days=300) for e in new)
    day = [e.resource.year for e in view.newest_first[:60]]
    assert min(e.resource.year for e in new) >= max(day[15:])


def test_nothing_older_than_the_window_is_new(catalog: Catalog) -> None:
    view = build_view(_dated(catalog, [0] * 99 + [NEW_DAYS + 1], [2020] * 100))
    assert [e.resource.id for e in view.entries if view.is_new(e.resource)] == ["e099"]


def test_every_entry_placed_once(view: SiteView, catalog: Catalog) -> None:
    assert sorted(e.resource.id for e in view.entries) == sorted(e.resource.id for e in catalog.entries)


def test_data_path_is_relative_to_data(view: SiteView, catalog: Catalog) -> None:
    entry = next(e for e in catalog.entries if e.resource.id == "vllm")
    assert view.data_path(entry) == "resources/vllm.yml"
