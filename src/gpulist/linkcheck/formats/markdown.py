"""The Markdown report, shaped for one GitHub tracking issue or a job summary.

What needs a maintainer comes first and open: broken links with the entries that use
them, then redirects to update. The rest (blocked, rate-limited, transient...) is real
information but no call to action, so it is folded into <details>. GitHub caps an issue
body at 65,536 characters, so long sections are cut with a count of what was left out.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from gpulist.linkcheck.model import Result, Source, Verdict, summary

MARKER = "<!-- gpulist-link-report -->"
_FOLDED = (Verdict.SUSPECT, Verdict.BLOCKED, Verdict.RATE_LIMITED, Verdict.TRANSIENT, Verdict.UNSUPPORTED,
           Verdict.EXCLUDED)
_TITLES = {Verdict.SUSPECT: "Landed on a login or consent page", Verdict.BLOCKED: "Blocked (alive or not, we cannot tell)",
           Verdict.RATE_LIMITED: "Rate limited", Verdict.TRANSIENT: "Transient failures",
           Verdict.UNSUPPORTED: "Not http(s)", Verdict.EXCLUDED: "Excluded"}
_BUDGET = 60_000


def as_markdown(results: list[Result], max_rows: int = 200, network_down: str | None = None) -> str:
    counts = summary(results)
    broken = _of(results, Verdict.BROKEN)
    headline = f"network unavailable ({network_down}): links not judged" if network_down else \
        _headline(counts, len(results))
    parts = [MARKER, f"## Link check: {headline}", "", _counts_table(counts)]
    parts += _section("Broken links", broken, ("link", "problem", "used by"), _broken_row, max_rows)
    parts += _section("Redirects to update", _of(results, Verdict.REDIRECTED), ("link", "now at", "used by"),
                      _redirect_row, max_rows)
    for verdict in _FOLDED:
        rows = _of(results, verdict)
        if rows:
            body = _section(None, rows, ("link", "detail", "used by"), _broken_row, max_rows // 2)
            parts += ["", f"<details><summary>{_TITLES[verdict]} ({len(rows)})</summary>", "", *body, "",
                      "</details>"]
    text = "\n".join(parts) + "\n"
    if len(text) > _BUDGET and max_rows > 5:
        return as_markdown(results, max_rows // 2, network_down)
    return text


def _headline(counts: dict[str, int], total: int) -> str:
    if counts["broken"]:
        return f"{counts['broken']} broken link(s) out of {total}"
    return f"no broken links among {total}"


def _counts_table(counts: dict[str, int]) -> str:
    shown = [(v, n) for v, n in counts.items() if n]
    if not shown:
        return "No links were checked."
    header = "| " + " | ".join(v for v, _ in shown) + " |"
    rule = "|" + "---|" * len(shown)
    return "\n".join([header, rule, "| " + " | ".join(str(n) for _, n in shown) + " |"])


def _of(results: list[Result], verdict: Verdict) -> list[Result]:
    return sorted((r for r in results if r.verdict is verdict), key=lambda r: r.url)


def _section(title: str | None, rows: list[Result], columns: tuple[str, ...], render, max_rows: int) -> list[str]:
    if not rows:
        return []
    lines = ["", f"### {title} ({len(rows)})", ""] if title else []
    lines += ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += [render(r) for r in rows[:max_rows]]
    if len(rows) > max_rows:
        lines += ["", f"…and {len(rows) - max_rows} more (see the JSON report)."]
    return lines


def _broken_row(r: Result) -> str:
    return f"| {_cell(r.url)} | {_cell(r.detail)} | {_uses(r.sources)} |"


def _redirect_row(r: Result) -> str:
    return f"| {_cell(r.url)} | {_cell(r.final_url or '')} | {_uses(r.sources)} |"


def _uses(sources: list[Source]) -> str:
    return "<br>".join(_use(s) for s in sources[:10]) + (f"<br>+{len(sources) - 10} more" if len(sources) > 10 else "")


def _use(source: Source) -> str:
    """`entry-id` (`data/resources/entry-id.yml:3`): maintainers think in entries, editors in lines."""
    path = PurePosixPath(source.file.replace("\\", "/"))
    where = f"`{source.file}:{source.line}`"
    return f"**{path.stem}** {where}" if "resources" in path.parts else where


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;")
