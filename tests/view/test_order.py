"""The learning order inside a tier: continued_by, then the teaching of required concepts
(never against continued_by), then the year; `position` wins over all of it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpulist.load import Entry, load_catalog
from gpulist.load.yaml_reader import Document
from gpulist.models import Resource
from gpulist.view.catalog import build_view
from gpulist.view.order import learning_order

REPO = Path(__file__).resolve().parents[2]


def entry(rid: str, year: int, **fields: object) -> Entry:
    resource = Resource.model_validate({"id": rid, "title": rid.title(), "url": f"https://example.org/{rid}",
                                        "type": "paper", "topic": "t", "tier": 1, "year": year,
                                        "added": dt.date(2025, 1, 1), **fields})
    return Entry(resource, Document.__new__(Document))


def ids(entries: list[Entry]) -> list[str]:
    return [e.resource.id for e in entries]


def by_year(*entries: Entry) -> list[Entry]:
    return sorted(entries, key=lambda e: (e.resource.year, e.resource.id))


def test_without_edges_the_year_decides() -> None:
    assert ids(learning_order(by_year(entry("b", 2020), entry("a", 2021)), {})) == ["b", "a"]


def test_an_entry_comes_after_the_one_it_continues_whatever_the_years() -> None:
    entries = by_year(entry("case-study", 2020), entry("paper", 2023, continued_by=["case-study"]))
    assert ids(learning_order(entries, {})) == ["paper", "case-study"]


def test_an_entry_comes_after_those_that_teach_what_it_requires() -> None:
    entries = by_year(entry("applied", 2019, requires=["tiling"]), entry("primer", 2022), entry("other", 2021))
    assert ids(learning_order(entries, {"tiling": frozenset({"primer"})})) == ["other", "primer", "applied"]


def test_continued_by_wins_over_a_teaching_edge_that_contradicts_it() -> None:
    """FlashAttention-3 teaches a concept FlashAttention-2 requires, but continues it."""
    entries = by_year(entry("fa2", 2023, requires=["flash"], continued_by=["fa3"]), entry("fa3", 2024),
                      entry("early", 2024, requires=["flash"]))
    assert ids(learning_order(entries, {"flash": frozenset({"fa3"})})) == ["fa2", "fa3", "early"]


def test_a_loop_of_teaching_edges_keeps_the_first_by_year() -> None:
    entries = by_year(entry("x", 2020, tags=["b"], requires=["a"]), entry("y", 2021, tags=["a"], requires=["b"]))
    teachers = {"a": frozenset({"y"}), "b": frozenset({"x"})}
    assert ids(learning_order(entries, teachers)) == ["y", "x"]  # x's requirement came first: y teaches it


def test_a_teacher_in_another_tier_orders_nothing_here() -> None:
    entries = by_year(entry("applied", 2019, requires=["tiling"]), entry("other", 2021))
    assert ids(learning_order(entries, {"tiling": frozenset({"elsewhere"})})) == ["applied", "other"]


@pytest.mark.parametrize(("positions", "expected"), [
    ({"d": 1}, ["d", "a", "b", "c"]),
    ({"a": 3}, ["b", "c", "a", "d"]),
    ({"c": 1, "a": 2}, ["c", "a", "b", "d"]),
    ({"b": 99}, ["a", "c", "d", "b"]),
])
def test_a_position_puts_an_entry_at_that_place(positions: dict[str, int], expected: list[str]) -> None:
    entries = [entry(rid, 2020 + n, **({"position": positions[rid]} if rid in positions else {}))
               for n, rid in enumerate("abcd")]
    assert ids(learning_order(entries, {})) == expected


def test_the_real_list_reads_in_learning_order() -> None:
    """Every `continued_by` inside a tier is honoured; on the attention page the paper comes before
    the case study of it on Hopper."""
    catalog, problems = load_catalog(REPO / "data")
    view = build_view(catalog)
    for section in (s for t in view.topics for s in t.sections):
        place = {e.resource.id: n for n, e in enumerate(section.entries)}
        for e in section.entries:
            for later in e.resource.continued_by:
                if later in place and e.resource.position is None and section.entries[place[later]].resource.position is None:
                    assert place[e.resource.id] < place[later], (section.key, e.resource.id, later)
    attention = next(t for t in view.topics if t.topic.id == "attention").sections[0]
    order = [e.resource.id for e in attention.entries]
    assert order.index("flashattention-2") < order.index("flashattention-2-on-hopper-case-study")
    assert order.index("flashattention") < order.index("flashattention-2") < order.index("flashattention-3")
