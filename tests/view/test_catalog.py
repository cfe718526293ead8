"""The site's arrangement of the catalog: order, sections, the ✨ window, links."""

from __future__ import annotations

import datetime as dt

from gpulist.load import Catalog
from gpulist.view.catalog import NEW_DAYS, SiteView


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


def test_new_window_counts_back_from_the_newest_addition(view: SiteView, catalog: Catalog) -> None:
    newest = max(e.resource.added for e in catalog.entries)
    assert view.new_since == newest - dt.timedelta(days=NEW_DAYS)
    new = {e.resource.id for e in catalog.entries if view.is_new(e.resource)}
    assert new == {"flashattention-3", "vllm", "ptx-isa"}


def test_every_entry_placed_once(view: SiteView, catalog: Catalog) -> None:
    assert sorted(e.resource.id for e in view.entries) == sorted(e.resource.id for e in catalog.entries)


def test_data_path_is_relative_to_data(view: SiteView, catalog: Catalog) -> None:
    entry = next(e for e in catalog.entries if e.resource.id == "vllm")
    assert view.data_path(entry) == "resources/vllm.yml"
