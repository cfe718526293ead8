"""Politeness limits, observed from the server's side or the slot's own records."""

from __future__ import annotations

import asyncio

from gpulist.linkcheck.config import parse_config
from gpulist.linkcheck.politeness import Politeness
from tests.linkcheck.conftest import FAST, check_urls
from tests.linkcheck.server import LocalServer


def test_at_most_n_in_flight_per_host() -> None:
    srv = LocalServer(hosts=("127.0.0.1", "127.0.0.2")).start()
    try:
        config = parse_config({**FAST, "host_concurrency": 3, "hosts": {"127.0.0.2": {"concurrency": 1}}})
        urls = [srv.url(f"/slowish?{i}", host=h) for i in range(30) for h in ("127.0.0.1", "127.0.0.2")]
        results = check_urls(urls, config=config)
        assert all(r.verdict.value == "ok" for r in results)
        assert srv.max_in_flight[f"127.0.0.1:{srv.port}"] <= 3
        assert srv.max_in_flight[f"127.0.0.2:{srv.port}"] == 1
    finally:
        srv.stop()


def test_global_limit() -> None:
    srv = LocalServer(hosts=("127.0.0.1", "127.0.0.2", "127.0.0.3")).start()
    try:
        config = parse_config({**FAST, "max_concurrency": 2})
        urls = [srv.url(f"/slowish?{i}", host=f"127.0.0.{i % 3 + 1}") for i in range(30)]
        check_urls(urls, config=config)
        assert len(srv.max_in_flight) == 3
        assert srv.max_total_in_flight <= 2  # over all hosts, never more than the global limit
    finally:
        srv.stop()


def test_starts_are_spaced_by_the_interval_per_host() -> None:
    """Planned starts are exactly `interval` apart; actual ones never earlier than planned."""
    starts: dict[str, list[float]] = {"a": [], "b": []}

    async def main() -> None:
        polite = Politeness(100, lambda host: (10, 0.02))
        loop = asyncio.get_running_loop()

        async def one(host: str) -> None:
            async with polite.slot(host):
                starts[host].append(loop.time())

        await asyncio.gather(*(one(h) for _ in range(8) for h in ("a", "b")))

    asyncio.run(main())
    for times in starts.values():
        assert len(times) == 8
        assert times[-1] - times[0] >= 7 * 0.02 - 0.002  # 7 intervals at least, whatever the machine's speed
