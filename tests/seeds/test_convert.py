"""Draft records: placement from the guide's sections, dates and markers."""

from __future__ import annotations

import pytest

from gpulist.models import Group, Tier, Topic
from gpulist.seeds.convert import FOUNDED, RECENT, draft_id, draft_resource, placement
from gpulist.seeds.guide import GuideEntry, Link

TIERED = Topic(
    id="attention", number=4, title="Attention", description="d",
    tiers=[Tier(tier=1, title="a"), Tier(tier=2, title="b"), Tier(tier=3, title="c")],
)
GROUPED = Topic(
    id="big-picture", number=11, title="Big", description="d",
    groups=[Group(id="industry-analysis", title="Industry Analysis")],
)
TOPICS = [TIERED, GROUPED]


def _entry(**changes: object) -> GuideEntry:
    base = GuideEntry(section=4, subsection="FlashAttention", tier=1, kind="paper", title="FlashAttention-2")
    for name, value in changes.items():
        setattr(base, name, value)
    return base


def test_tiered_section_places_by_tier() -> None:
    assert placement(_entry(tier=3), TOPICS) == {"topic": "attention", "tier": 3}


def test_grouped_section_places_by_group_title() -> None:
    entry = _entry(section=11, subsection="Industry Analysis", tier=None)
    assert placement(entry, TOPICS) == {"topic": "big-picture", "group": "industry-analysis"}


@pytest.mark.parametrize("changes", [{"section": 7}, {"section": 11, "subsection": "Nope", "tier": None}])
def test_unknown_section_or_group_is_refused(changes: dict) -> None:
    with pytest.raises(ValueError):
        placement(_entry(**changes), TOPICS)


def test_arxiv_id_comes_from_the_url_and_markers_set_dates() -> None:
    record = draft_resource(_entry(url="https://arxiv.org/abs/2307.08691v2", new=True, favorite=True), TOPICS)
    assert record["arxiv"] == "2307.08691"
    assert (record["added"], record["favorite"]) == (RECENT, True)


def test_plain_entry_gets_the_founding_date_and_no_optional_fields() -> None:
    record = draft_resource(_entry(url="https://example.org/x"), TOPICS)
    assert record["added"] == FOUNDED
    assert not {"arxiv", "favorite", "links", "notes", "authors"} & set(record)


def test_links_are_written_as_mappings() -> None:
    record = draft_resource(_entry(links=[Link("Discord", "https://discord.gg/x")]), TOPICS)
    assert record["links"] == [{"title": "Discord", "url": "https://discord.gg/x"}]


def test_draft_id_is_short_kebab_case() -> None:
    assert draft_id("Dissecting the NVIDIA Hopper GPU Architecture via Microbenchmarking") == (
        "dissecting-the-nvidia-hopper-gpu-architecture"
    )
