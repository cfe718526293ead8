"""duplicate-source: one id per source and one source per feed, blog entries' feeds included."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import duplicate_source
from tests.catalogs import load

SOURCES = ("- id: a\n  kind: feed\n  url: https://a.example/feed\n"
           "- id: q1\n  kind: arxiv\n  url: https://export.arxiv.org/api/query\n  query: {categories: [cs.DC]}\n"
           "- id: q2\n  kind: arxiv\n  url: https://export.arxiv.org/api/query\n  query: {categories: [cs.PF]}\n")


def test_arxiv_queries_share_the_endpoint(tmp_path: Path) -> None:
    assert duplicate_source.check(load(tmp_path, {"watch.yml": SOURCES})[0]) == []


def test_a_second_id_or_feed_is_reported_where_it_is_written(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    more = SOURCES + "- id: a\n  kind: feed\n  url: https://b.example/feed\n- id: c\n  kind: feed\n  url: HTTPS://A.example/feed/\n"
    found = [(p.line, p.message) for p in duplicate_source.check(load(tmp_path, {"watch.yml": more})[0])]
    assert found == [(12, "id 'a' is already used by data/watch.yml:1"),
                     (17, "this feed is already watched by data/watch.yml:3")]
