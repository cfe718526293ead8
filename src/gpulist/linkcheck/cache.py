"""Results remembered between runs, each for as long as its verdict deserves.

An `ok` link seldom dies within a week, so it is not fetched again for days; a `broken`
one is always rechecked (the fix may have landed), as is anything transient. The cache
is a plain JSON file written atomically; one that is corrupt, from another tool or from
an older format is ignored with a warning, never fatal: a cache can only save time.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from gpulist.linkcheck.versioned import read_json, write_json
from gpulist.linkcheck.model import Result, Source, Verdict

KIND = "gpulist-linkcheck-cache"
VERSION = 1


class Cache:
    def __init__(self, path: Path, ttl: dict[str, float], clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self._ttl = ttl
        self._clock = clock
        self._entries: dict[str, dict] = {}

    def load(self, warn: Callable[[str], None]) -> None:
        entries, problem = read_json(self.path, KIND, VERSION)
        if problem:
            warn(f"cache: {problem}")
        self._entries = entries or {}

    def get(self, url: str, sources: list[Source]) -> Result | None:
        """A fresh remembered result, with this run's sources; None if stale, absent or damaged."""
        entry = self._entries.get(url)
        if not isinstance(entry, dict):
            return None
        try:
            verdict = Verdict(entry["verdict"])
            fresh = self._clock() - float(entry["checked"]) < self._ttl.get(verdict.value, 0.0)
            if not fresh:
                return None
            return Result(url, verdict, entry.get("status"), entry.get("final_url"), str(entry.get("detail", "")),
                          0, 0, list(sources), cached=True)
        except (KeyError, TypeError, ValueError):
            return None

    def put(self, result: Result) -> None:
        if result.cached or self._ttl.get(result.verdict.value, 0.0) <= 0:
            return
        self._entries[result.url] = {"verdict": result.verdict.value, "status": result.status,
                                     "final_url": result.final_url, "detail": result.detail,
                                     "checked": self._clock()}

    def save(self) -> None:
        """Drops what has expired, so the file does not grow for ever."""
        now = self._clock()
        keep = {url: e for url, e in self._entries.items() if isinstance(e, dict) and self._alive(e, now)}
        write_json(self.path, {"format": KIND, "version": VERSION, "entries": keep})

    def _alive(self, entry: dict, now: float) -> bool:
        try:
            return now - float(entry["checked"]) < self._ttl.get(str(entry["verdict"]), 0.0)
        except (KeyError, TypeError, ValueError):
            return False
