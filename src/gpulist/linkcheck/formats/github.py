"""GitHub workflow annotations: a broken link shows up on the YAML line that holds it."""

from __future__ import annotations

from gpulist.linkcheck.model import Result, Source, Verdict, summary
from gpulist.report import escape_data, escape_property


def as_github(results: list[Result], network_down: str | None = None) -> str:
    lines = []
    if network_down:
        lines.append(f"::error title=network unavailable::{escape_data(network_down)}: links not judged (exit 3)")
    for r in results:
        if r.verdict is Verdict.BROKEN:
            lines += [_annotation("error", "broken link", s, f"{r.url}: {r.detail}") for s in r.sources]
        elif r.verdict is Verdict.REDIRECTED:
            message = f"{r.url} moved permanently to {r.final_url}: update the entry"
            lines += [_annotation("notice", "link moved", s, message) for s in r.sources]
    counts = ", ".join(f"{n} {v}" for v, n in summary(results).items() if n)
    lines.append(f"check-links: {len(results)} link(s): {counts or 'none'}")
    return "\n".join(lines)


def _annotation(level: str, title: str, source: Source, message: str) -> str:
    return (f"::{level} file={escape_property(source.file)},line={source.line},"
            f"title={escape_property(title)}::{escape_data(message)}")
