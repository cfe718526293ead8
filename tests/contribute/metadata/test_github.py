"""GitHub source against a fake REST API."""

from __future__ import annotations

import json
from dataclasses import replace

import httpx
import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import github
from tests.contribute.fakes import FakeServer

REPO = {
    "name": "flash-attention", "html_url": "https://github.com/Dao-AILab/flash-attention",
    "description": "Fast and memory-efficient exact attention", "owner": {"login": "Dao-AILab"},
    "homepage": "https://tridao.me",
}


def test_name_description_owner_homepage(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/gh/repos/dao-ailab/flash-attention", json.dumps(REPO), content_type="application/json")
    meta = github.fetch("dao-ailab/flash-attention", config, http)
    assert meta.failure is None
    assert (meta.title, meta.type, meta.url) == ("flash-attention", "code", "https://github.com/Dao-AILab/flash-attention")
    assert meta.authors == ["Dao-AILab"] and meta.notes == ["Fast and memory-efficient exact attention"]
    assert meta.links == [{"title": "Homepage", "url": "https://tridao.me"}]
    assert "Authorization" not in fake.seen[-1].headers


def test_token_is_sent_when_set(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/gh/repos/a/b", json.dumps({**REPO, "homepage": None}), content_type="application/json")
    meta = github.fetch("a/b", replace(config, github_token="s3cret"), http)
    assert fake.seen[-1].headers["Authorization"] == "Bearer s3cret"
    assert meta.links == []


@pytest.mark.parametrize(("status", "reason"), [(404, "HTTP 404"), (429, "GITHUB_TOKEN"), (403, "GITHUB_TOKEN")])
def test_http_errors_give_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client,
                                     status: int, reason: str) -> None:
    fake.route("/gh/repos/a/b", "{}", status=status, content_type="application/json")
    meta = github.fetch("a/b", config, http)
    assert meta.title is None and reason in (meta.failure or "")
    assert (meta.url, meta.type) == ("https://github.com/a/b", "code")


def test_timeout_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client) -> None:
    fake.route("/gh/repos/a/b", json.dumps(REPO), delay=2)
    assert "timed out" in (github.fetch("a/b", config, http).failure or "")


@pytest.mark.parametrize("body", ["{not json", "[1, 2]", '{"description": "no name"}'])
def test_malformed_json_gives_a_skeleton(fake: FakeServer, config: NetConfig, http: httpx.Client, body: str) -> None:
    fake.route("/gh/repos/a/b", body, content_type="application/json")
    meta = github.fetch("a/b", config, http)
    assert meta.title is None and meta.failure
