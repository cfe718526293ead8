"""parse_feed: feeds become items; what is not a feed says why."""

from __future__ import annotations

import datetime as dt

import pytest

from gpulist.watch.parse import NotAFeed, parse_feed, plain, unusable_title
from tests.watch.server import FEEDS


def test_rss_items_with_dates_authors_and_plain_summaries() -> None:
    parsed = parse_feed((FEEDS / "rss.xml").read_bytes(), "application/rss+xml")
    first = parsed.items[0]
    assert (first.title, first.url, first.authors) == (
        "Writing a <fast> softmax & why it matters", "https://kernels.example.org/posts/fast-softmax/", ("Jane Kernel",))
    assert first.published == dt.datetime(2025, 6, 2, 9, tzinfo=dt.timezone.utc)
    assert first.summary == "We fuse the max and the sum."
    assert parsed.items[1].url == "https://kernels.example.org/posts/occupancy/"  # utm_source dropped
    assert parsed.note == ""


def test_atom_html_title_loses_its_markup() -> None:
    item = parse_feed((FEEDS / "atom.xml").read_bytes()).items[0]
    assert (item.title, item.authors) == ("Tiling in Triton, part 2", ("Kai Compiler", "Lee Lowering"))


def test_arxiv_entries_point_at_the_abs_page_without_version() -> None:
    items = parse_feed((FEEDS / "arxiv.xml").read_bytes()).items
    assert [i.url for i in items] == ["https://arxiv.org/abs/2506.01234", "https://arxiv.org/abs/2307.08691"]
    assert items[0].title == "FlashDecoding-3: Attention Kernels for Long-Context Inference"


def test_youtube_and_releases_entries_link_to_their_pages() -> None:
    assert [i.url for i in parse_feed((FEEDS / "youtube.xml").read_bytes()).items] == [
        "https://www.youtube.com/watch?v=abcDEF12345", "https://www.youtube.com/watch?v=dQw4w9WgXcQ"]
    [release] = parse_feed((FEEDS / "releases.atom").read_bytes()).items
    assert release.url == "https://github.com/example-org/fastkernels/releases/tag/v2.1.0"


@pytest.mark.parametrize(("body", "content_type", "reason"), [
    ((FEEDS / "page.html").read_bytes(), "text/html; charset=utf-8", "an HTML page, not a feed"),
    ((FEEDS / "page.html").read_bytes(), "application/octet-stream", "an HTML page, not a feed"),
    ((FEEDS / "malformed.xml").read_bytes(), "application/rss+xml", "malformed XML: <unknown>:1:180: unclosed token"),
    (b"this is not xml at all {}", "text/plain", "not a feed: malformed XML"),
    (b'{"items": []}', "application/json", "not a feed"),
    (b"  \n", "application/rss+xml", "empty response, not a feed"),
])
def test_what_is_not_a_feed_says_why(body: bytes, content_type: str, reason: str) -> None:
    with pytest.raises(NotAFeed) as exc:
        parse_feed(body, content_type)
    assert str(exc.value).startswith(reason)


def test_malformed_xml_read_completely_is_kept_with_a_note() -> None:
    body = (b'<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><title>a&nbsp;b</title>'
            b"<link>https://e.org/a</link></item></channel></rss>")
    parsed = parse_feed(body)
    assert [(i.title, i.url) for i in parsed.items] == [("a b", "https://e.org/a")]
    assert parsed.note.startswith("malformed XML read leniently (")


def test_a_body_that_names_a_file_is_never_opened(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """feedparser opens a string (or bytes) that is a path; we hand it a stream, so it cannot."""
    secret = tmp_path / "feed.xml"
    secret.write_bytes((FEEDS / "rss.xml").read_bytes())
    with pytest.raises(NotAFeed):
        parse_feed(str(secret).encode())


def test_items_without_a_web_link_have_no_url() -> None:
    body = (b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>'
            b"<entry><title>no link</title><id>tag:x,2025:1</id></entry>"
            b'<entry><title>js</title><link href="javascript:alert(1)"/></entry></feed>')
    assert [i.url for i in parse_feed(body).items] == [None, None]


def test_plain_drops_markup_and_keeps_words_apart() -> None:
    assert plain("<p>One</p><p>two &amp; <b>three</b></p><script>x</script>") == "One two & three x"


def test_titles_of_entity_and_markup_debris_are_left_out_and_counted() -> None:
    """A broken feed read leniently: `&j;` (undeclared) and `&x;` (external) stay unexpanded, as
    they must; such items, and one titled by punctuation alone, are no candidates."""
    parsed = parse_feed((FEEDS / "debris.xml").read_bytes(), "application/rss+xml")
    assert [(i.title, i.url) for i in parsed.items] == [("Fusing softmax, for real", "https://debris.example.org/4")]
    assert parsed.unusable == 3 and parsed.note.startswith("malformed XML read leniently (")
    assert parsed.detail == (parsed.note + "; 3 item(s) left out: a title that is empty, markup or entity debris, "
                             "or an unexpanded &name; reference")


@pytest.mark.parametrize(("title", "unusable"), [
    ("", True), ("&j;", True), ("leak &x;", True), ("&#x26;", True), ("<>", True), (" … ", True),
    ("Writing a <fast> softmax & why it matters", False), ("C++ & CUDA; a tour", False), ("FP8", False),
])
def test_unusable_title(title: str, unusable: bool) -> None:
    assert unusable_title(title) is unusable


def test_an_untitled_item_of_a_well_formed_feed_is_left_out() -> None:
    body = (b'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>'
            b"<item><link>https://e.org/untitled</link></item><item><title>Named</title><link>https://e.org/n</link>"
            b"</item></channel></rss>")
    parsed = parse_feed(body)
    assert [i.title for i in parsed.items] == ["Named"] and parsed.unusable == 1 and parsed.note == ""
