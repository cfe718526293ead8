"""gpulist's own styles as one stylesheet: mkdocs.yml's `extra_css` files, joined in order.

Each stylesheet in the head is a request the first paint waits for. On Lighthouse's mobile
setting (simulated slow 4G, benchmarks/lighthouse_bench.py) the four files of extra_css
held the home page's first paint at 1.35 s; one file of the same bytes painted at 1.05 s.
The sources stay one file per concern under docs/assets/stylesheets/ (icons.css is
generated, reader.css goes with reader.js); the build writes their concatenation among the
pages it generates, and the engine's configuration names that one file instead. A
stylesheet given as an address (`https://…`), or one not under docs/, is not ours to join:
it keeps its own link, after the joined file, and the engine treats it as it always did. The joined file sits beside the sources, so a relative `url()` in
one of them still means the same file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from gpulist.files import Refused, read_guarded
from gpulist.problems import GpulistError

# Under docs/, among the generated pages (git-ignored, removed by the writer's manifest).
STYLESHEET = "assets/stylesheets/site.css"


def _is_address(entry: str) -> bool:
    return "://" in entry or entry.startswith("//")


def _entries(mkdocs: Mapping[str, Any]) -> list[str]:
    """extra_css as MkDocs reads it: a list of paths relative to docs/ (or addresses)."""
    value = mkdocs.get("extra_css") or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise GpulistError("mkdocs.yml: extra_css must be a list of stylesheet paths")
    return value


def sources(docs: Path, mkdocs: Mapping[str, Any]) -> list[str]:
    """The files to join, in mkdocs.yml's order: those present under docs/ (never the joined
    file itself). A file that is not there is left to the engine as its own link, as before."""
    return [e for e in _entries(mkdocs)
            if not _is_address(e) and e.lstrip("/") != STYLESHEET and (docs / e.lstrip("/")).is_file()]


def engine_extra_css(docs: Path, mkdocs: Mapping[str, Any]) -> list[str]:
    """What the engine's configuration lists: the joined file, then what was not joined."""
    joined_ones = set(sources(docs, mkdocs))
    rest = [e for e in _entries(mkdocs) if e not in joined_ones and e.lstrip("/") != STYLESHEET]
    return ([STYLESHEET] if joined_ones else []) + rest


def joined(docs: Path, mkdocs: Mapping[str, Any]) -> dict[str, str]:
    """{STYLESHEET: the sources' text}, each behind a comment naming its file; {} without any."""
    parts = []
    for rel in sources(docs, mkdocs):
        path = docs / rel.lstrip("/")
        try:
            text = read_guarded(path).decode("utf-8")
        except (OSError, Refused, UnicodeDecodeError) as exc:
            reason = getattr(exc, "strerror", None) or exc
            raise GpulistError(f"mkdocs.yml: extra_css names {rel}, which cannot be read from {docs}: {reason}") \
                from exc
        parts.append(f"/* {rel} */\n{text.rstrip()}\n")
    return {STYLESHEET: "\n".join(parts)} if parts else {}
