"""The terminal report: a rich table of what needs attention, then the counts.

`ok` rows are left out: on a list of thousands of links, the ten that matter must not
scroll away under the rest.
"""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

from gpulist.linkcheck.model import ORDER, Result, Verdict, summary

_STYLES = {Verdict.BROKEN: "bold red", Verdict.REDIRECTED: "yellow", Verdict.SUSPECT: "magenta",
           Verdict.BLOCKED: "cyan", Verdict.RATE_LIMITED: "cyan", Verdict.TRANSIENT: "blue"}


def as_text(results: list[Result], color: bool = False, width: int = 120, network_down: str | None = None,
            waits: dict[str, str] | None = None) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=color, no_color=not color, width=width, highlight=False)
    shown = sorted((r for r in results if r.verdict is not Verdict.OK), key=lambda r: (ORDER.index(r.verdict), r.url))
    if shown:
        console.print(_table(shown))
    counts = ", ".join(f"{n} {v}" for v, n in summary(results).items() if n)
    for host, wait in (waits or {}).items():
        console.print(f"slowed down for {host}, which asked us to wait: {wait}", soft_wrap=True)
    console.print(f"{len(results)} link(s) checked: {counts or 'none'}")
    if network_down:
        console.print(f"[bold red]network unavailable[/]: {network_down}; the links were not judged, "
                      "nothing was cached and no failure streak advanced (exit 3)", soft_wrap=True)
    return buffer.getvalue().rstrip("\n")


def _table(results: list[Result]) -> Table:
    table = Table(show_lines=False, expand=False)
    for name in ("verdict", "url", "detail", "used at"):
        table.add_column(name, overflow="fold")
    for r in results:
        where = ", ".join(f"{s.file}:{s.line}" for s in r.sources[:3])
        if len(r.sources) > 3:
            where += f" (+{len(r.sources) - 3})"
        table.add_row(f"[{_STYLES.get(r.verdict, '')}]{r.verdict.value}[/]" if r.verdict in _STYLES
                      else r.verdict.value, r.url, r.detail, where)
    return table
