"""arXiv source against a fake Atom API, including each way it can fail."""

from __future__ import annotations

import httpx
import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import arxiv
from tests.contribute.fakes import FakeServer

FEED = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">
  <title>arXiv Query: id_list=2307.08691</title>
  <entry>
    <id>http://arxiv.org/abs/2307.08691v1</id>
    <published>2023-07-17T17:50:36Z</published>
    <title>FlashAttention-2: Faster Attention with Better Parallelism and
      Work Partitioning</title>
    <author><name>Tri Dao</name></author>
    <author><name>Ada  Lovelace</name></author>
    <arxiv:doi>10.1234/EXAMPLE.5</arxiv:doi>
  </entry>
</feed>"""

ERROR_FEED = """<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_9999.99999</id><title>Error</title></entry>
</feed>"""


def test_title_authors_year_and_id(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/api/query", FEED, content_type="application/atom+xml")
    meta = arxiv.fetch("2307.08691", config, http)
    assert meta.failure is None
    assert meta.title == "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning"
    assert meta.authors == ["Tri Dao", "Ada Lovelace"]
    assert (meta.year, meta.arxiv, meta.doi, meta.type) == (2023, "2307.08691", "10.1234/example.5", "paper")
    assert meta.url == "https://arxiv.org/abs/2307.08691"
    assert fake.seen[-1].query["id_list"] == ["2307.08691"]


@pytest.mark.parametrize(("status", "reason"), [(404, "HTTP 404"), (429, "rate limited"), (500, "HTTP 500")])
def test_http_errors_give_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client,
                                     status: int, reason: str) -> None:
    fake.route("/api/query", "nope", status=status)
    meta = arxiv.fetch("2307.08691", config, http)
    assert meta.title is None and reason in (meta.failure or "")
    assert (meta.arxiv, meta.type, meta.url) == ("2307.08691", "paper", "https://arxiv.org/abs/2307.08691")


def test_timeout_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/api/query", FEED, delay=2)
    meta = arxiv.fetch("2307.08691", config, http)
    assert meta.title is None and "timed out" in (meta.failure or "")


@pytest.mark.parametrize("body", ["<feed><entry>", "not xml at all", ""])
def test_malformed_xml_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client, body: str) -> None:
    fake.route("/api/query", body, content_type="application/atom+xml")
    meta = arxiv.fetch("2307.08691", config, http)
    assert meta.title is None and "malformed XML" in (meta.failure or "")


def test_unknown_paper_is_a_failure(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/api/query", ERROR_FEED, content_type="application/atom+xml")
    meta = arxiv.fetch("9999.99999", config, http)
    assert meta.title is None and "no paper 9999.99999" in (meta.failure or "")


def test_connection_refused_gives_a_skeleton(http: httpx.Client) -> None:
    meta = arxiv.fetch("2307.08691", NetConfig(arxiv_api="http://127.0.0.1:9", timeout=0.5), http)
    assert meta.title is None and "cannot fetch" in (meta.failure or "")


def test_the_page_count_a_comment_states_gives_the_effort(fake: FakeServer, config: NetConfig,
                                                         http: httpx.Client) -> None:
    with_pages = FEED.replace("<arxiv:doi>", "<arxiv:comment>14 pages, 9 figures</arxiv:comment><arxiv:doi>")
    fake.route("/api/query", with_pages, content_type="application/atom+xml")
    assert arxiv.fetch("2307.08691", config, http).effort == "afternoon"
    fake.route("/api/query", FEED, content_type="application/atom+xml")
    assert arxiv.fetch("2307.08691", config, http).effort is None  # no length stated, no band guessed
