"""Politeness: a global cap on requests in flight, and per host a cap and a pace.

Per host at most N requests in flight and at least `interval` seconds between request
starts (lychee's defaults: 10 and 50 ms). A host's next start is computed from the
previous *planned* start, not from when the sleep happened to wake, so 100 requests take
99 intervals and not 99 intervals plus 99 timer overshoots. Only one request per host
waits for a global slot, so a busy host never holds slots another host could use.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


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
        pace = self._hosts[host] = _HostPace(*self._limits_for(host))
        return pace

    def slot(self, host: str) -> _Slot:
        """Hold this while a request to `host` is in flight, from its start to its last byte."""
        pace = self._hosts.get(host) or self._pace(host)
        return _Slot(self, pace)


class _Slot:
    """A class, not @asynccontextmanager: it is entered once per request, thousands of times."""

    __slots__ = ("_polite", "_pace")

    def __init__(self, polite: Politeness, pace: _HostPace) -> None:
        self._polite, self._pace = polite, pace

    async def __aenter__(self) -> None:
        pace = self._pace
        await pace.slots.acquire()
        try:
            async with pace.starting:
                loop = asyncio.get_running_loop()
                planned = max(loop.time(), pace.next_start)
                delay = planned - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                await self._polite._global.acquire()
                started = loop.time()
                pace.next_start = (started if started - planned > _LATE else planned) + pace.interval
        except BaseException:
            pace.slots.release()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._polite._global.release()
        self._pace.slots.release()
