"""Politeness: a global cap on requests in flight, and per host a cap, a pace and a hold.

Per host at most N requests in flight and at least `interval` seconds between request
starts (lychee's defaults: 10 and 50 ms). A host's next start is computed from the
previous *planned* start, not from when the sleep happened to wake, so 100 requests take
99 intervals and not 99 intervals plus 99 timer overshoots (on a busy machine those were
often longer than the interval itself); an overshoot is caught up by at most one interval,
so two starts are never closer than the interval minus that overshoot. Only one request per host
waits for a global slot, so a busy host never holds slots another host could use.

A host that answers 429 (or 503 with Retry-After) asked *us* to slow down, not one URL:
`hold` moves the host's next start past the wait, so every queued request of that host
waits, including those that were already sleeping for their turn. A wait beyond what a
run can afford (`give_up`) ends the host's run: its remaining URLs are not requested.
Each slot records how long a hold kept it waiting, so reports can say so.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable



class HostGaveUp(Exception):
    """The host asked for a wait longer than the run may take; its URLs are not requested."""


class _HostPace:
    def __init__(self, concurrency: int, interval: float) -> None:
        self.slots = asyncio.Semaphore(concurrency)
        self.starting = asyncio.Lock()
        self.interval = interval
        self.next_start = 0.0
        self.held_until = 0.0
        self.held_for = 0.0  # seconds of hold in all, for the report
        self.hold_reason = ""
        self.gave_up: str | None = None


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

    def slot(self, host: str) -> _Slot:
        """Hold this while a request to `host` is in flight, from its start to its last byte."""
        return _Slot(self, self._hosts.get(host) or self._pace(host))

    def hold(self, host: str, seconds: float, reason: str) -> None:
        """Start no request to `host` for `seconds` from now (each queued one waits)."""
        pace = self._pace(host)
        now = asyncio.get_running_loop().time()
        until = now + seconds
        if until > pace.held_until:
            pace.held_for += until - max(pace.held_until, now)
            pace.held_until, pace.hold_reason = until, reason
            pace.next_start = max(pace.next_start, until)

    def give_up(self, host: str, reason: str) -> None:
        self._pace(host).gave_up = reason

    def refusal(self, host: str) -> str | None:
        """Why no more requests go to `host` in this run, if it asked for too long a wait."""
        pace = self._hosts.get(host)
        return pace.gave_up if pace is not None else None

    def holds(self) -> dict[str, str]:
        """Per host that made us wait: how long in all, and why."""
        return {host: f"{pace.held_for:.1f} s in all ({pace.hold_reason})"
                for host, pace in sorted(self._hosts.items()) if pace.held_for > 0}


class _Slot:
    """A class, not @asynccontextmanager: it is entered once per request, thousands of times."""

    __slots__ = ("_polite", "_pace", "waited")

    def __init__(self, polite: Politeness, pace: _HostPace) -> None:
        self._polite, self._pace = polite, pace
        self.waited: tuple[float, str] | None = None  # seconds a hold kept this request back, and why

    async def __aenter__(self) -> None:
        pace = self._pace
        loop = asyncio.get_running_loop()
        entered = loop.time()
        await pace.slots.acquire()
        try:
            async with pace.starting:
                planned = max(loop.time(), pace.next_start)
                while planned > loop.time():
                    await asyncio.sleep(planned - loop.time())
                    planned = max(planned, pace.next_start)  # a hold set while we slept
                if pace.gave_up is not None:
                    raise HostGaveUp(pace.gave_up)
                free = not self._polite._global.locked()
                await self._polite._global.acquire()
                started = loop.time()
                # A timer that woke late (a busy loop, a busy machine) is caught up on the next
                # start, so lateness does not pile up over a host's hundred starts; a wait for a
                # global slot, or lateness of a whole interval, restarts the pace from now.
                caught_up = free and started - planned < pace.interval
                pace.next_start = (planned if caught_up else started) + pace.interval
                if pace.held_until > entered:
                    self.waited = (started - entered, pace.hold_reason)
        except BaseException:
            pace.slots.release()
            raise

    async def __aexit__(self, *exc: object) -> None:
        self._polite._global.release()
        self._pace.slots.release()
