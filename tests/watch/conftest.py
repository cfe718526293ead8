"""Fixtures for the watcher: a loopback feed server, a catalog that follows it, a fixed clock."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpulist.linkcheck.guard import NameNotFound
from gpulist.watch.config import WatchConfig
from gpulist.watch.runner import Dependencies, Options, Run, run
from tests.catalogs import make_catalog
from tests.watch.server import FeedServer

NOW = dt.datetime(2025, 6, 10, 12, 0, tzinfo=dt.timezone.utc)  # the fixtures' items date from early June 2025
FAST = WatchConfig(timeout=1.0, host_interval=0.0)

# Listed in the catalog: a repository, a video, and (as a secondary link) a paper's code.
LISTED = {
    "resources/cutlass.yml": "title: CUTLASS\nurl: https://github.com/NVIDIA/cutlass\ntype: code\n"
                             "topic: fundamentals\ntier: 2\nadded: 2025-01-01\n",
    "resources/a-listed-talk.yml": "title: A listed talk\nurl: https://youtu.be/dQw4w9WgXcQ\ntype: video\n"
                                   "topic: fundamentals\ntier: 1\nadded: 2025-01-01\nlinks:\n"
                                   "  - title: Code\n    url: https://github.com/Dao-AILab/flash-attention\n",
}


@pytest.fixture(scope="session")
def feed_server() -> Iterator[FeedServer]:
    server = FeedServer().start()
    yield server
    server.stop()


@pytest.fixture
def feeds(feed_server: FeedServer) -> Iterator[FeedServer]:
    """The session's server, with its request log and replaced bodies reset for each test."""
    feed_server.hits.clear()
    feed_server.headers.clear()
    feed_server.replaced.clear()
    yield feed_server


async def fake_resolver(host: str) -> list[str]:
    """Names that must be github.com or www.youtube.com for their kind reach the loopback server."""
    if host in ("github.com", "www.youtube.com", "feeds.test"):
        return ["127.0.0.1"]
    raise NameNotFound(host)


def all_sources(server: FeedServer, slow: bool = False) -> str:
    """data/watch.yml following every route of the server: the good ones first, then the broken
    (the slow one only when asked: it costs a whole timeout)."""
    base = f"http://feeds.test:{server.port}"
    text = f"""\
- id: kernel-blog
  kind: feed
  url: {base}/feeds/rss.xml
  topic: fundamentals
  tier: 1
  tags: [cuda]
- id: compiler-notes
  kind: feed
  url: {base}/feeds/atom.xml
  tags: [triton]
- id: arxiv-kernels
  kind: arxiv
  url: {base}/api/query
  query:
    categories: [cs.DC]
    keywords: [attention kernel]
  topic: attention
  tier: 1
- id: fastkernels-releases
  kind: github-releases
  url: http://github.com:{server.port}/example-org/fastkernels/releases.atom
- id: kernel-lectures
  kind: youtube
  url: http://www.youtube.com:{server.port}/feeds/videos.xml?channel_id=UCexampleexampleexample1
  topic: fundamentals
- id: links-of-the-week
  kind: feed
  url: {base}/feeds/listed.xml
- id: broken-xml
  kind: feed
  url: {base}/feeds/malformed.xml
- id: gone
  kind: feed
  url: {base}/missing
- id: home-page
  kind: feed
  url: {base}/feeds/page
"""
    return text + f"- id: too-slow\n  kind: feed\n  url: {base}/slow\n" if slow else text


def catalog(tmp_path: Path, watch_yml: str, extra: dict[str, str] | None = None) -> Path:
    return make_catalog(tmp_path, {**LISTED, "watch.yml": watch_yml, **(extra or {})})


def watch(data: Path, state: Path, **options: object) -> Run:
    opts = Options(data=data, config=FAST, state_file=state, allow_private=True, now=NOW)
    for name, value in options.items():
        setattr(opts, name, value)
    return run(opts, Dependencies(resolver=fake_resolver))
