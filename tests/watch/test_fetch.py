"""fetch(): redirects hop by hop through the guard, bounded bodies, conditional headers."""

from __future__ import annotations

import asyncio
import dataclasses

from gpulist.linkcheck.guard import Guard
from gpulist.linkcheck.politeness import Politeness
from gpulist.linkcheck.transport import AiohttpWire
from gpulist.watch.fetch import Context, Fetched, fetch
from gpulist.watch.state import SourceState
from tests.watch.conftest import FAST, fake_resolver
from tests.watch.server import FeedServer


def _fetch(url: str, known: SourceState | None = None, allow_private: bool = True, **config: object) -> Fetched:
    settings = dataclasses.replace(FAST, **config)  # type: ignore[arg-type]

    async def go() -> Fetched:
        guard = Guard(fake_resolver, allow_private)
        wire = settings.transport_config()
        speaker = AiohttpWire(wire, guard)
        try:
            return await fetch(url, known, Context(speaker, Politeness(8, wire.limits_for), guard, settings))
        finally:
            await speaker.close()

    return asyncio.run(go())


def test_a_feed_comes_back_with_its_validators(feeds: FeedServer) -> None:
    got = _fetch(feeds.url("/feeds/listed.xml"))
    assert (got.status, got.answered, got.body) == ("ok", True, feeds.body("listed.xml"))
    assert got.etag and got.last_modified == "Sat, 07 Jun 2025 00:00:00 GMT"
    assert got.content_type == "application/rss+xml"


def test_known_validators_are_sent_and_a_304_is_not_modified(feeds: FeedServer) -> None:
    etag = _fetch(feeds.url("/feeds/listed.xml")).etag
    got = _fetch(feeds.url("/feeds/listed.xml"), SourceState("x", etag, "Sat, 07 Jun 2025 00:00:00 GMT"))
    assert (got.status, got.body) == ("not_modified", b"")
    sent = feeds.headers["/feeds/listed.xml"][-1]
    assert (sent["If-None-Match"], sent["If-Modified-Since"]) == (etag, "Sat, 07 Jun 2025 00:00:00 GMT")


def test_redirects_are_followed_and_each_hop_is_guarded(feeds: FeedServer) -> None:
    moved = _fetch(feeds.url("/moved"))  # 301 -> /ok, on loopback, allowed here
    assert (moved.status, moved.detail) == ("ok", f"moved permanently to {feeds.url('/ok')}: update the source's URL")
    assert _fetch(feeds.url("/found")).detail == ""  # a temporary redirect is nothing to fix
    refused = _fetch(feeds.url("/moved"), allow_private=False)
    assert refused.status == "error" and "loopback address" in refused.detail and not refused.answered


def test_endless_redirects_stop_at_the_limit(feeds: FeedServer) -> None:
    got = _fetch(feeds.url("/chain/0"), max_redirects=3)
    assert (got.status, got.detail, got.answered) == ("error", "more than 3 redirects", True)


def test_a_body_over_the_limit_is_not_read(feeds: FeedServer) -> None:
    announced = _fetch(feeds.url("/huge"), max_bytes=4096)
    assert announced.status == "error" and announced.detail.startswith("larger than 4096 bytes (10737418240)")
    assert feeds.sent["/huge"] < 10 * 1024 * 1024


def test_a_gzip_body_is_inflated_and_bounded_by_what_it_inflates_to(feeds: FeedServer) -> None:
    got = _fetch(feeds.url("/gzip/rss.xml"))
    assert (got.status, got.body) == ("ok", feeds.body("rss.xml"))
    bomb = _fetch(feeds.url("/gzip/1000000"), max_bytes=4096)  # a few KB on the wire, 1 MB inflated
    assert bomb.status == "error" and bomb.detail == "larger than 4096 bytes; stopped reading"


def test_an_unknown_name_is_an_error_without_an_answer(feeds: FeedServer) -> None:
    got = _fetch(f"http://nowhere.test:{feeds.port}/feeds/rss.xml")
    assert (got.status, got.detail, got.answered) == ("error", "DNS name nowhere.test does not exist", False)
