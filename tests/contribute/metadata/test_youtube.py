"""YouTube source against a fake oEmbed endpoint."""

from __future__ import annotations

import json

import httpx
import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import youtube
from tests.contribute.fakes import FakeServer

VIDEO = "dQw4w9WgXcQ"


def test_title_and_channel(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/oembed", json.dumps({"title": "Lecture 1: Profiling", "author_name": "GPU MODE"}),
               content_type="application/json")
    meta = youtube.fetch(VIDEO, config, http)
    assert (meta.title, meta.authors, meta.type) == ("Lecture 1: Profiling", ["GPU MODE"], "video")
    assert fake.seen[-1].query["url"] == [f"https://www.youtube.com/watch?v={VIDEO}"]


@pytest.mark.parametrize(("status", "reason"), [(404, "HTTP 404"), (429, "rate limited"), (401, "HTTP 401")])
def test_http_errors_give_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client,
                                     status: int, reason: str) -> None:
    fake.route("/oembed", "Not Found", status=status)
    meta = youtube.fetch(VIDEO, config, http)
    assert meta.title is None and reason in (meta.failure or "")
    assert meta.url == f"https://www.youtube.com/watch?v={VIDEO}"


def test_timeout_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/oembed", "{}", delay=2)
    assert "timed out" in (youtube.fetch(VIDEO, config, http).failure or "")


@pytest.mark.parametrize("body", ["<html>", '{"author_name": "x"}', '"just a string"'])
def test_malformed_json_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client, body: str) -> None:
    fake.route("/oembed", body, content_type="application/json")
    meta = youtube.fetch(VIDEO, config, http)
    assert meta.title is None and meta.failure
