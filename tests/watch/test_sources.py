"""Sources of a run: data/watch.yml first, then blog entries' feeds; arXiv queries as API URLs."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from gpulist.load import load_catalog
from gpulist.models import ArxivQuery
from gpulist.watch.sources import Hint, arxiv_query_url, sources_of
from tests.catalogs import make_catalog

BLOG = ("title: A kernel blog\nurl: https://kernels.example.org/\ntype: blog\ntopic: big-picture\n"
        "group: practitioner-blogs\ntags: [cuda]\nfeed: https://kernels.example.org/feed.xml\nadded: 2025-01-01\n")
TIERED_BLOG = ("title: A post series\nurl: https://series.example.org/\ntype: blog\ntopic: attention\ntier: 2\n"
               "feed: https://series.example.org/atom.xml\nadded: 2025-01-01\n")


def test_arxiv_query_url_is_any_category_and_any_keyword_newest_first() -> None:
    url = arxiv_query_url("https://export.arxiv.org/api/query", ArxivQuery(
        categories=["cs.DC", "cs.PF"], keywords=["GPU kernel", "GEMM", "all-reduce"], max_results=50))
    assert url == ("https://export.arxiv.org/api/query?search_query=%28cat:cs.DC+OR+cat:cs.PF%29+AND+"
                   "%28all:%22GPU+kernel%22+OR+all:GEMM+OR+all:%22all-reduce%22%29"
                   "&sortBy=submittedDate&sortOrder=descending&max_results=50")
    assert parse_qs(urlsplit(url).query)["search_query"] == [
        '(cat:cs.DC OR cat:cs.PF) AND (all:"GPU kernel" OR all:GEMM OR all:"all-reduce")']


def test_an_arxiv_query_without_keywords_is_the_whole_category() -> None:
    url = arxiv_query_url("https://export.arxiv.org/api/query", ArxivQuery(categories=["cs.AR"]))
    assert parse_qs(urlsplit(url).query)["search_query"] == ["(cat:cs.AR)"]


def test_blog_feeds_are_sources_after_watch_yml(tmp_path: Path) -> None:
    data = make_catalog(tmp_path, {
        "watch.yml": "- id: nv\n  kind: feed\n  url: https://nv.example.org/feed/\n  tags: [cuda]\n",
        "resources/kernel-blog.yml": BLOG, "resources/post-series.yml": TIERED_BLOG,
    })
    catalog, problems = load_catalog(data)
    assert problems == []
    assert [(s.id, s.kind, s.url, s.hint) for s in sources_of(catalog)] == [
        ("nv", "feed", "https://nv.example.org/feed/", Hint(None, None, ("cuda",))),
        # a whole blog sits in The Big Picture: its posts belong elsewhere, so no topic hint
        ("kernel-blog", "feed", "https://kernels.example.org/feed.xml", Hint(None, None, ("cuda",))),
        ("post-series", "feed", "https://series.example.org/atom.xml", Hint("attention", 2, ())),
    ]


def test_no_watch_file_and_no_feeds_means_no_sources(tmp_path: Path) -> None:
    catalog, problems = load_catalog(make_catalog(tmp_path))
    assert (problems, sources_of(catalog)) == ([], [])
