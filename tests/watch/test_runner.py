"""A whole run against the loopback feed server: exact candidates, nothing listed, broken
sources reported while the rest succeed, and a second run that costs only 304s."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.watch.conftest import NOW, all_sources, catalog, watch
from tests.watch.server import FeedServer

EXPECTED = [  # (source, url, title), in source order then feed order
    ("kernel-blog", "https://kernels.example.org/posts/fast-softmax/", "Writing a <fast> softmax & why it matters"),
    ("kernel-blog", "https://kernels.example.org/posts/occupancy/", "Thoughts on occupancy"),
    ("compiler-notes", "https://compilers.example.org/2025/06/tiling-2.html", "Tiling in Triton, part 2"),
    ("arxiv-kernels", "https://arxiv.org/abs/2506.01234", "FlashDecoding-3: Attention Kernels for Long-Context Inference"),
    ("fastkernels-releases", "https://github.com/example-org/fastkernels/releases/tag/v2.1.0", "v2.1.0: FP8 GEMM"),
    ("kernel-lectures", "https://www.youtube.com/watch?v=abcDEF12345", "Lecture 60: Warp specialization"),
    ("links-of-the-week", "https://weekly.example.org/2025/06/new-thing", "Something new"),
]
BROKEN = {
    "broken-xml": "malformed XML: <unknown>:1:180: unclosed token",
    "gone": "HTTP 404 Not Found",
    "home-page": "an HTML page, not a feed",
    "too-slow": "timed out after 1 s",
}


def _first(tmp_path: Path, feeds: FeedServer, slow: bool = False):  # type: ignore[no-untyped-def]
    data = catalog(tmp_path, all_sources(feeds, slow))
    result = watch(data, tmp_path / "state.json")
    result.state.save(tmp_path / "state.json", result.now)
    return data, result


def test_first_run_proposes_exactly_the_new_items(tmp_path: Path, feeds: FeedServer) -> None:
    _, result = _first(tmp_path, feeds)
    assert result.problems == []
    assert [(c.source, c.url, c.title) for c in result.candidates] == EXPECTED


def test_candidates_carry_dates_authors_summaries_and_hints(tmp_path: Path, feeds: FeedServer) -> None:
    _, result = _first(tmp_path, feeds)
    by_url = {c.url: c for c in result.candidates}
    paper = by_url["https://arxiv.org/abs/2506.01234"]
    assert paper.published == dt.datetime(2025, 6, 3, 17, 59, 59, tzinfo=dt.timezone.utc)
    assert paper.authors == ("Ada Attention", "Ben Bandwidth")
    assert paper.summary == "We present a new decoding kernel."
    assert (paper.hint.topic, paper.hint.tier, paper.hint.tags) == ("attention", 1, ())
    post = by_url["https://kernels.example.org/posts/fast-softmax/"]
    assert post.summary == "We fuse the max and the sum."
    assert post.authors == ("Jane Kernel",) and post.hint.tags == ("cuda",)


def test_nothing_listed_is_proposed(tmp_path: Path, feeds: FeedServer) -> None:
    """The pdf of a listed abs page, a listed repository spelt otherwise, a listed entry's code
    link and a listed video are all recognised; so is a cross-post of another source's item."""
    _, result = _first(tmp_path, feeds)
    reports = {s.id: s for s in result.sources}
    assert (reports["links-of-the-week"].items, reports["links-of-the-week"].new) == (4, 1)
    assert (reports["arxiv-kernels"].items, reports["arxiv-kernels"].new) == (2, 1)
    assert (reports["kernel-lectures"].items, reports["kernel-lectures"].new) == (2, 1)
    assert (reports["compiler-notes"].items, reports["compiler-notes"].new) == (2, 1)
    urls = " ".join(c.url for c in result.candidates).lower()
    assert "2307.08691" not in urls and "cutlass" not in urls and "flash-attention" not in urls
    assert "dqw4w9wgxcq" not in urls


def test_items_older_than_the_first_run_window_are_left_out(tmp_path: Path, feeds: FeedServer) -> None:
    _, result = _first(tmp_path, feeds)
    assert "https://kernels.example.org/posts/old/" not in [c.url for c in result.candidates]
    assert next(s for s in result.sources if s.id == "kernel-blog").items == 3


def test_broken_sources_are_reported_while_the_rest_succeed(tmp_path: Path, feeds: FeedServer) -> None:
    _, result = _first(tmp_path, feeds, slow=True)
    assert [(c.source, c.url, c.title) for c in result.candidates] == EXPECTED
    assert {s.id: s.detail for s in result.sources if s.status == "error"} == BROKEN
    assert [s.id for s in result.sources if s.status == "ok"] == [
        "kernel-blog", "compiler-notes", "arxiv-kernels", "fastkernels-releases", "kernel-lectures",
        "links-of-the-week"]
    assert not result.network_down


def test_second_run_is_conditional_gets_304s_and_proposes_nothing(tmp_path: Path, feeds: FeedServer) -> None:
    data, _ = _first(tmp_path, feeds)
    feeds.headers.clear()
    second = watch(data, tmp_path / "state.json", now=NOW + dt.timedelta(days=7))
    assert second.candidates == []
    statuses = {s.id: s.status for s in second.sources if s.status != "error"}
    assert set(statuses.values()) == {"not_modified"} and len(statuses) == 6
    rss, atom = feeds.headers["/feeds/rss.xml"][-1], feeds.headers["/feeds/atom.xml"][-1]
    assert rss["If-None-Match"].startswith('"') and "If-Modified-Since" not in rss
    assert atom["If-Modified-Since"] == "Sat, 07 Jun 2025 00:00:00 GMT" and "If-None-Match" not in atom
    assert feeds.headers["/api/query"][-1]["If-None-Match"]


def test_a_changed_feed_proposes_only_its_new_item(tmp_path: Path, feeds: FeedServer) -> None:
    data, _ = _first(tmp_path, feeds)
    new_item = ("<item><title>Brand new</title><link>https://kernels.example.org/posts/brand-new/</link>"
                "<pubDate>Mon, 16 Jun 2025 09:00:00 GMT</pubDate></item>")
    feeds.replaced["rss.xml"] = feeds.body("rss.xml").replace(b"<item>", new_item.encode() + b"<item>", 1)
    second = watch(data, tmp_path / "state.json", now=NOW + dt.timedelta(days=7))
    assert [c.url for c in second.candidates] == ["https://kernels.example.org/posts/brand-new/"]
    assert {s.id: s.status for s in second.sources}["kernel-blog"] == "ok"


def test_all_repeats_earlier_candidates_without_conditional_requests(tmp_path: Path, feeds: FeedServer) -> None:
    data, first = _first(tmp_path, feeds)
    feeds.headers.clear()
    again = watch(data, tmp_path / "state.json", include_proposed=True, since=dt.datetime(2025, 5, 1, tzinfo=dt.timezone.utc))
    assert [c.url for c in again.candidates] == [c.url for c in first.candidates]
    assert all("If-None-Match" not in h and "If-Modified-Since" not in h
               for log in feeds.headers.values() for h in log)


def test_proposed_items_are_not_repeated_even_when_fetched_in_full(tmp_path: Path, feeds: FeedServer) -> None:
    """Without validators (a lost cache, a server that ignores them) the state still remembers."""
    data, _ = _first(tmp_path, feeds)
    again = watch(data, tmp_path / "state.json", since=dt.datetime(2025, 5, 1, tzinfo=dt.timezone.utc),
                  include_proposed=False)
    assert again.candidates == []


def test_since_narrows_the_window(tmp_path: Path, feeds: FeedServer) -> None:
    data = catalog(tmp_path, all_sources(feeds))
    result = watch(data, tmp_path / "state.json", since=dt.datetime(2025, 6, 5, tzinfo=dt.timezone.utc))
    assert [c.url for c in result.candidates] == [
        "https://compilers.example.org/2025/06/tiling-2.html", "https://www.youtube.com/watch?v=abcDEF12345"]


def test_the_arxiv_source_sends_its_query(tmp_path: Path, feeds: FeedServer) -> None:
    _first(tmp_path, feeds)
    [request] = [h for h in feeds.headers["/api/query"]]
    assert request["User-Agent"].startswith("gpulist-watch/")
    assert feeds.hits["/api/query"] == 1


def test_a_source_that_failed_keeps_its_window_open(tmp_path: Path, feeds: FeedServer) -> None:
    """Its items are judged since its last successful read, not since the last run."""
    data, first = _first(tmp_path, feeds)
    assert "gone" not in first.state.sources and first.state.sources["kernel-blog"].read_at == NOW
    assert first.state.last_run == NOW


def test_items_titled_by_entity_debris_are_no_candidates_and_the_source_counts_them(
        tmp_path: Path, feeds: FeedServer) -> None:
    from tests.watch.server import FEEDS

    feeds.replaced["rss.xml"] = (FEEDS / "debris.xml").read_bytes()
    _, result = _first(tmp_path, feeds)
    blog = [c for c in result.candidates if c.source == "kernel-blog"]
    assert [(c.title, c.url) for c in blog] == [("Fusing softmax, for real", "https://debris.example.org/4")]
    report = next(s for s in result.sources if s.id == "kernel-blog")
    assert (report.status, report.items, report.new) == ("ok", 1, 1)
    assert "3 item(s) left out: a title that is empty, markup or entity debris" in report.detail
    assert not any("&" in c.title and ";" in c.title for c in result.candidates)
