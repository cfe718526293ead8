"""Failure memory for scheduled runs: a link transient run after run is, in fact, dead.

One timeout proves nothing, so a transient link never fails a run. But a host that has
timed out on every weekly audit for three weeks is gone; the state file counts those
consecutive runs and escalates the link to `broken` once the count reaches a threshold.
Any other verdict resets the count.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

from gpulist.linkcheck.versioned import read_json, write_json
from gpulist.linkcheck.model import Result, Verdict

KIND = "gpulist-linkcheck-state"
VERSION = 1


class FailureState:
    def __init__(self, path: Path, escalate_after: int) -> None:
        self.path = path
        self.escalate_after = escalate_after
        self._entries: dict[str, dict] = {}
        self._seen: set[str] = set()
        self._as_read: dict[str, dict] | None = None  # what the file held, when it was usable

    def load(self, warn: Callable[[str], None]) -> None:
        entries, problem = read_json(self.path, KIND, VERSION)
        if problem:
            warn(f"state: {problem}")
        self._entries = entries or {}
        self._as_read = dict(entries) if entries is not None else None

    def record(self, result: Result) -> Result:
        """Count this run's verdict; returns the result, escalated when the streak is long enough."""
        self._seen.add(result.url)
        if result.cached:
            return result
        if result.verdict is not Verdict.TRANSIENT:
            self._entries.pop(result.url, None)
            return result
        streak = self._streak(result.url) + 1
        self._entries[result.url] = {"transient_runs": streak, "last": dt.date.today().isoformat(),
                                     "detail": result.detail}
        if self.escalate_after and streak >= self.escalate_after:
            result.verdict = Verdict.BROKEN
            result.detail = f"transient in {streak} consecutive runs; last: {result.detail}"
        return result

    def _streak(self, url: str) -> int:
        entry = self._entries.get(url)
        try:
            return int(entry["transient_runs"]) if isinstance(entry, dict) else 0
        except (KeyError, TypeError, ValueError):
            return 0

    def save(self) -> None:
        """Links no longer in the inputs are forgotten, so the file tracks the list as it is.

        A run that changed nothing (the usual case: no link transient) writes nothing, and
        spends no fsync on it.
        """
        kept = {url: e for url, e in self._entries.items() if url in self._seen}
        if kept == self._as_read:
            return
        write_json(self.path, {"format": KIND, "version": VERSION, "entries": kept})
