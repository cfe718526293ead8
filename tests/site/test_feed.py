"""The Atom feed parses, lists the newest entries first and links to their anchors."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gpulist.site.feed import FEED_SIZE, render_feed
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

NS = {"a": "http://www.w3.org/2005/Atom"}


def test_feed_is_atom_newest_first(view: SiteView, config: SiteConfig) -> None:
    root = ET.fromstring(render_feed(view, config).encode("utf-8"))
    assert root.tag == "{http://www.w3.org/2005/Atom}feed"
    entries = root.findall("a:entry", NS)
    assert len(entries) == min(FEED_SIZE, len(view.entries))
    updated = [e.findtext("a:updated", namespaces=NS) for e in entries]
    assert updated == sorted(updated, reverse=True)
    assert root.findtext("a:updated", namespaces=NS) == updated[0]
    first = entries[0]
    assert first.findtext("a:title", namespaces=NS).startswith("FlashAttention-3")
    alternate = first.find("a:link[@rel='alternate']", NS).get("href")
    assert alternate == "https://example.test/gpulist/topics/attention/#flashattention-3"
    assert [a.findtext("a:name", namespaces=NS) for a in first.findall("a:author", NS)] == ["Jay Shah", "Tri Dao"]


def test_feed_ids_are_unique(view: SiteView, config: SiteConfig) -> None:
    root = ET.fromstring(render_feed(view, config).encode("utf-8"))
    ids = [e.findtext("a:id", namespaces=NS) for e in root.findall("a:entry", NS)]
    assert len(ids) == len(set(ids))


def test_feed_escapes_text(view: SiteView, config: SiteConfig) -> None:
    root = ET.fromstring(render_feed(view, config).encode("utf-8"))
    titles = [e.findtext("a:title", namespaces=NS) for e in root.findall("a:entry", NS)]
    assert "Tiles & Warps: a *tricky* [title] {#x} | pipes_and_underscores #1" in titles
