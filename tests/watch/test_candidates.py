"""Selection: listed keys include secondary links; one item is proposed once, by its first source."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from gpulist.identity import Key
from gpulist.load import load_catalog
from gpulist.watch.candidates import Selection, listed_keys, strongest
from gpulist.watch.parse import Item
from gpulist.watch.sources import Hint, Source
from tests.catalogs import make_catalog
from tests.watch.conftest import LISTED

JUNE = dt.datetime(2025, 6, 1, tzinfo=dt.timezone.utc)


def test_listed_keys_cover_urls_ids_and_secondary_links(tmp_path: Path) -> None:
    catalog, _ = load_catalog(make_catalog(tmp_path, LISTED))
    keys = listed_keys(catalog)
    assert {Key("arxiv", "2307.08691"), Key("github", "nvidia/cutlass"), Key("youtube", "dQw4w9WgXcQ"),
            Key("github", "dao-ailab/flash-attention")} <= keys


def test_strongest_key_prefers_identifiers_over_urls() -> None:
    assert strongest({Key("url", "arxiv.org/pdf/2307.08691"), Key("arxiv", "2307.08691")}) == Key("arxiv", "2307.08691")


def test_an_item_is_proposed_once_and_never_again() -> None:
    source, other = Source("a", "feed", "u", Hint()), Source("b", "feed", "v", Hint())
    item = Item("Post", "https://example.org/post", JUNE)
    selection = Selection(set(), {"url:example.org/old"})
    assert [c.key for c in selection.pick(source, [item], None)] == ["url:example.org/post"]
    assert selection.pick(other, [Item("Same", "http://www.example.org/post/", JUNE)], None) == []
    assert selection.pick(source, [Item("Old", "https://example.org/old", JUNE)], None) == []
    assert len(Selection(set(), {"url:example.org/old"}, include_proposed=True).pick(
        source, [Item("Old", "https://example.org/old", JUNE)], None)) == 1


def test_undated_items_are_kept_and_dated_ones_are_judged_by_since() -> None:
    items = [Item("undated", "https://e.org/1", None), Item("old", "https://e.org/2", JUNE),
             Item("new", "https://e.org/3", JUNE + dt.timedelta(days=2)), Item("no link", None, JUNE)]
    picked = Selection(set(), set()).pick(Source("a", "feed", "u", Hint()), items, JUNE + dt.timedelta(days=1))
    assert [c.title for c in picked] == ["undated", "new"]
