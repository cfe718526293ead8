"""gpulist's own styles and scripts, each kind joined into one file: mkdocs.yml's `extra_css`
files into one stylesheet, its deferred `extra_javascript` files into one script.

Each stylesheet in the head is a request the first paint waits for. On Lighthouse's mobile
setting (simulated slow 4G, benchmarks/lighthouse_bench.py) the four files of extra_css
held the home page's first paint at 1.35 s; one file of the same bytes painted at 1.05 s.
Deferred scripts do not hold the first paint, but each is a request, and the reader is one
module per concern (docs/assets/javascripts/reader/): over a connection per request, as a
plain HTTP/1 host serves them, eleven scripts left the home page's DOMContentLoaded and the
reader bound about 0.25 s later than one file of the same bytes (benchmarks/progress_bench.py
--loading, slow 4G and a 4x slower CPU emulated).

The sources stay one file per concern under docs/assets/ (icons.css is generated, reader.css
goes with the reader's scripts); the build writes each kind's concatenation among the pages
it generates, and the engine's configuration names that one file instead. A file given as an
address (`https://…`), or one not under docs/, is not ours to join: it keeps its own tag, and
the engine treats it as it always did. So does a script that is not deferred (it runs where
it stands, before the page is parsed), or that is `async` or a module. Scripts keep their
order: the joined script stands where the first of its files stood. The joined files sit
beside their sources, so a relative `url()` in a stylesheet still means the same file.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpulist.files import Refused, read_guarded
from gpulist.problems import GpulistError


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of file mkdocs.yml lists: its key, the joined file (under docs/, among the
    generated pages: git-ignored, removed by the writer's manifest) and how it joins."""

    key: str
    target: str
    what: str  # named in errors
    separator: str  # after each file: a script's last statement may lack its semicolon

    def entries(self, mkdocs: Mapping[str, Any]) -> list[str | dict[str, Any]]:
        value = mkdocs.get(self.key) or []
        if not isinstance(value, list) or not all(self._valid(v) for v in value):
            raise GpulistError(f"mkdocs.yml: {self.key} must be a list of {self.what}")
        return value

    def _valid(self, entry: object) -> bool:
        if isinstance(entry, str):
            return True
        return self.key == "extra_javascript" and isinstance(entry, dict) and isinstance(entry.get("path"), str)

    def joinable(self, entry: str | dict[str, Any]) -> str | None:
        """The entry's path if it may be joined: a file of ours; for a script, deferred only."""
        if isinstance(entry, dict):
            plain = entry.get("defer") is True and not entry.get("async") and entry.get("type") in (None, "")
            path = entry["path"] if plain else None
        else:
            path = entry if self.key == "extra_css" else None
        if path is None or "://" in path or path.startswith("//") or path.lstrip("/") == self.target:
            return None
        return path


STYLES = Kind("extra_css", "assets/stylesheets/site.css", "stylesheet paths", "")
SCRIPTS = Kind("extra_javascript", "assets/javascripts/site.js", "script paths (or {path, defer} entries)", ";\n")
KINDS = (STYLES, SCRIPTS)
STYLESHEET = STYLES.target
SCRIPT = SCRIPTS.target


def sources(docs: Path, mkdocs: Mapping[str, Any], kind: Kind = STYLES) -> list[str]:
    """The files to join, in mkdocs.yml's order: those present under docs/ (never the joined
    file itself). A file that is not there is left to the engine as its own tag, as before."""
    found = (kind.joinable(e) for e in kind.entries(mkdocs))
    return [p for p in found if p is not None and (docs / p.lstrip("/")).is_file()]


def engine_entries(docs: Path, mkdocs: Mapping[str, Any], kind: Kind) -> list[str | dict[str, Any]]:
    """What the engine's configuration lists: the joined file, then what was not joined (a
    stylesheet joined comes first, as it always did; the joined script where its first file
    stood), and never a stale joined file a previous build left in mkdocs.yml."""
    joined_ones = set(sources(docs, mkdocs, kind))
    tag: str | dict[str, Any] = kind.target if kind is STYLES else {"path": kind.target, "defer": True}
    out: list[str | dict[str, Any]] = []
    for entry in kind.entries(mkdocs):
        if (entry if isinstance(entry, str) else entry["path"]).lstrip("/") == kind.target:
            continue
        if kind.joinable(entry) not in joined_ones:
            out.append(entry)
        elif tag not in out:
            out.append(tag)
    if kind is STYLES and tag in out:
        out.remove(tag)
        out.insert(0, tag)
    return out


def engine_extra_css(docs: Path, mkdocs: Mapping[str, Any]) -> list[str | dict[str, Any]]:
    return engine_entries(docs, mkdocs, STYLES)


def joined(docs: Path, mkdocs: Mapping[str, Any]) -> dict[str, str]:
    """{joined file: its sources' text, each behind a comment naming its file}, per kind that has any."""
    files = {}
    for kind in KINDS:
        parts = [f"/* {rel} */\n{_read(docs, rel, kind).rstrip()}\n{kind.separator}" for rel in sources(docs, mkdocs, kind)]
        if parts:
            files[kind.target] = "\n".join(parts)
    return files


def _read(docs: Path, rel: str, kind: Kind) -> str:
    try:
        return read_guarded(docs / rel.lstrip("/")).decode("utf-8")
    except (OSError, Refused, UnicodeDecodeError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise GpulistError(f"mkdocs.yml: {kind.key} names {rel}, which cannot be read from {docs}: {reason}") from exc
