"""Generic pages: citation_* first, then OpenGraph, then JSON-LD, then <title>."""

from __future__ import annotations

import httpx
import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import html
from gpulist.contribute.metadata.base import Metadata
from gpulist.contribute.metadata.html_page import collect
from tests.contribute.fakes import FakeServer

SCHOLARLY = """<html><head><title>Proceedings | Site</title>
<meta name="citation_title" content="Efficient Memory Management for LLM Serving with PagedAttention">
<meta name="citation_author" content="Kwon, Woosuk"><meta name="citation_author" content="Li, Zhuohan">
<meta name="citation_publication_date" content="2023/10/23">
<meta name="citation_conference_title" content="SOSP 2023">
<meta name="citation_doi" content="10.1145/3600006.3613165">
<meta property="og:title" content="not this one"></head><body></body></html>"""

BLOG = """<!doctype html><html><head><title>Post &amp; more - My Blog</title>
<meta property="og:title" content="How to Optimize a CUDA Matmul Kernel">
<meta property="og:type" content="article">
<meta property="article:published_time" content="2022-12-31T10:00:00Z">
<script type="application/ld+json">{"@type": "BlogPosting", "headline": "ignored", "author": {"name": "Simon Boehm"}}</script>
</head><body><p>unclosed <b>markup"""

JSON_LD = """<html><head><title>Site title</title>
<script type="application/ld+json">{"@graph": [{"@type": "WebSite", "name": "Site"},
 {"@type": "VideoObject", "name": "Talk: TMA in depth", "datePublished": "2024-05-01",
  "author": [{"name": "A. Speaker"}, "B. Speaker"]}]}</script>
<script type="application/ld+json">{broken json</script></head></html>"""


def _meta(page: str) -> Metadata:
    return html.from_facts(collect(page), Metadata(url="https://example.org/x", source="html"))


def test_citation_tags_win_and_mean_paper() -> None:
    meta = _meta(SCHOLARLY)
    assert meta.title == "Efficient Memory Management for LLM Serving with PagedAttention"
    assert meta.authors == ["Kwon, Woosuk", "Li, Zhuohan"]
    assert (meta.year, meta.venue, meta.doi, meta.type) == (2023, "SOSP 2023", "10.1145/3600006.3613165", "paper")


def test_opengraph_before_json_ld_and_title() -> None:
    meta = _meta(BLOG)
    assert (meta.title, meta.type, meta.year, meta.authors) == (
        "How to Optimize a CUDA Matmul Kernel", "blog", 2022, ["Simon Boehm"])


def test_json_ld_graph_when_no_meta_tags() -> None:
    meta = _meta(JSON_LD)
    assert (meta.title, meta.type, meta.year) == ("Talk: TMA in depth", "video", 2024)
    assert meta.authors == ["A. Speaker", "B. Speaker"]


def test_title_element_last() -> None:
    meta = _meta("<html><head><title>\n  Just   a title </title></head></html>")
    assert (meta.title, meta.type, meta.failure) == ("Just a title", None, None)


def test_no_title_anywhere_is_a_failure() -> None:
    assert _meta("<html><body>nothing</body></html>").failure == "the page names no title"


def test_fetch_reads_the_page(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    url = fake.route("/post", BLOG)
    meta = html.fetch(url, config, http)
    assert meta.title == "How to Optimize a CUDA Matmul Kernel" and meta.url == url


def test_fetch_reads_a_bounded_number_of_bytes(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    head = "<html><head><title>Early title</title></head><body>"
    url = fake.route("/huge", head + "x" * 500_000 + "<title>late</title>")
    meta = html.fetch(url, NetConfig(timeout=0.5, max_bytes=1000), http)
    assert meta.title == "Early title"


def test_charset_from_meta(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    page = '<html><head><meta charset="iso-8859-1"><title>Caf\xe9</title></head></html>'.encode("latin-1")
    url = fake.route("/latin", page, content_type="text/html")
    assert html.fetch(url, config, http).title == "Café"


@pytest.mark.parametrize(("status", "reason"), [(404, "HTTP 404"), (429, "rate limited"), (503, "HTTP 503")])
def test_http_errors_give_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client,
                                     status: int, reason: str) -> None:
    url = fake.route("/gone", "gone", status=status)
    meta = html.fetch(url, config, http)
    assert meta.title is None and reason in (meta.failure or "") and meta.url == url


def test_timeout_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    url = fake.route("/slow", BLOG, delay=2)
    assert "timed out" in (html.fetch(url, config, http).failure or "")


def test_not_html_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    url = fake.route("/paper.pdf", b"%PDF-1.7", content_type="application/pdf")
    assert html.fetch(url, config, http).failure == "not an HTML page (application/pdf)"


def test_garbage_markup_does_not_raise(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    url = fake.route("/junk", b"<<<>>><title><meta <script type='application/ld+json'>{\xff\xfe")
    meta = html.fetch(url, config, http)
    assert meta.url == url  # whatever it found, it returned instead of raising


def test_a_post_s_length_gives_its_effort_and_menus_do_not_count() -> None:
    words = " ".join(["word"] * 6000)  # 40 minutes at 150 words a minute
    page = BLOG.replace("<body><p>unclosed <b>markup", f"<body><nav>{'menu ' * 50000}</nav><article>{words}</article>")
    assert _meta(page).effort == "hour"
    assert _meta(page.replace(words, "short")).effort == "quick"
    stated = page.replace('"BlogPosting",', '"BlogPosting", "wordCount": 20000,')
    assert _meta(stated).effort == "afternoon"  # the page's own word count wins
    assert _meta(SCHOLARLY).effort is None  # an abstract page says nothing of the paper's length
