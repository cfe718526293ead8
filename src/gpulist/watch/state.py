"""What one run leaves the next: validators for conditional GET, when each source was last
read, and what was already proposed.

One JSON file, written atomically (`gpulist.files`), so a CI job killed mid-write leaves
the previous state rather than half of one. A file that is unreadable or of another
format is set aside with a warning: the run then behaves as a first run.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpulist.files import write_atomic
from gpulist.linkcheck.versioned import read_versioned

FORMAT = "gpulist-watch-state"
VERSION = 1
KEEP_PROPOSED = dt.timedelta(days=400)  # older items are past any --since a weekly run uses


@dataclass(slots=True)
class SourceState:
    url: str  # the request URL the validators belong to; another URL starts afresh
    etag: str | None = None
    last_modified: str | None = None
    read_at: dt.datetime | None = None  # last run that read the source (ok or not modified)


@dataclass(slots=True)
class State:
    last_run: dt.datetime | None = None
    sources: dict[str, SourceState] = field(default_factory=dict)
    proposed: dict[str, dt.datetime] = field(default_factory=dict)  # identity key -> when proposed

    def validators(self, source_id: str, url: str) -> SourceState | None:
        known = self.sources.get(source_id)
        return known if known is not None and known.url == url else None

    def save(self, path: Path, now: dt.datetime) -> None:
        cutoff = now - KEEP_PROPOSED
        write_atomic(path, json.dumps({
            "format": FORMAT, "version": VERSION, "last_run": _iso(self.last_run),
            "sources": {k: {"url": s.url, "etag": s.etag, "last_modified": s.last_modified,
                            "read_at": _iso(s.read_at)} for k, s in sorted(self.sources.items())},
            "proposed": {k: _iso(t) for k, t in sorted(self.proposed.items()) if t >= cutoff},
        }, ensure_ascii=False, indent=1) + "\n")


def load_state(path: Path, warn: Callable[[str], None]) -> State:
    """The last run's memory, read as the link checker reads its own (guarded, versioned);
    anything unusable is ignored with a warning."""
    data, why = read_versioned(path, FORMAT, VERSION)
    if data:
        try:
            return _parse(data)
        except (ValueError, TypeError, AttributeError, KeyError) as exc:
            why = f"{path}: {exc}"
    if why is not None:
        warn(f"{why}; ignoring the state file: this run reads every source as if for the first time")
    return State()


def _parse(data: dict[str, Any]) -> State:
    sources = {k: SourceState(str(v["url"]), v.get("etag"), v.get("last_modified"), _time(v.get("read_at")))
               for k, v in data.get("sources", {}).items()}
    proposed = {str(k): t for k, v in data.get("proposed", {}).items() if (t := _time(v)) is not None}
    return State(_time(data.get("last_run")), sources, proposed)


def _iso(moment: dt.datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _time(text: object) -> dt.datetime | None:
    if not isinstance(text, str):
        return None
    moment = dt.datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)
