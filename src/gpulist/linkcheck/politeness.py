"""Politeness: a global cap on requests in flight, and per host a cap and a pace.

Per host at most N requests in flight and at least `interval` seconds between request
starts (lychee's defaults: 10 and 50 ms). A host's next start is computed from the
previous *planned* start, not from when the sleep happened to wake, so 100 requests take
99 intervals and not 99 intervals plus 99 timer overshoots. Only one request per host
waits for a global slot, so a busy host never holds slots another host could use.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager


_LATE = 0.005  # woke this much after plan: we waited for a global slot, so pace from now


class _HostPace:
    def __init__(self, concurrency: int, interval: float) -> None:
        self.slots = asyncio.Semaphore(concurrency)
        self.starting = asyncio.Lock()
        self.interval = interval
        self.next_start = 0.0


class Politeness:
    def __init__(self, max_in_flight: int, limits_for: Callable[[str], tuple[int, float]]) -> None:
        self._global = asyncio.Semaphore(max_in_flight)
        self._limits_for = limits_for
        self._hosts: dict[str, _HostPace] = {}

    def _pace(self, host: str) -> _HostPace:
        pace = self._hosts.get(host)
        if pace is None:
            pace = self._hosts[host] = _HostPace(*self._limits_for(host))
        return pace

    @asynccontextmanager
    async def slot(self, host: str) -> AsyncIterator[None]:
        """Hold this while a request to `host` is in flight, from its start to its last byte."""
        pace = self._pace(host.lower())
        async with pace.slots:
            async with pace.starting:
                loop = asyncio.get_running_loop()
                planned = max(loop.time(), pace.next_start)
                delay = planned - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                await self._global.acquire()
                started = loop.time()
                pace.next_start = (started if started - planned > _LATE else planned) + pace.interval
            try:
                yield
            finally:
                self._global.release()
