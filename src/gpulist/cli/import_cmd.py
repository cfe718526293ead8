"""`gpulist import FILE.md`: entries from an awesome-list style Markdown file.

The report is what a curator acts on: one row per item of the list, grouped by outcome. On a
terminal it is a rich table; piped or in CI, plain lines that grep and diff well.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from gpulist.contribute.importer import DEFAULT_TYPE, HEADINGS, OUTCOMES, ImportOptions, ImportReport, Row, run_import
from gpulist.report import as_text

_STYLES = {"imported": "green", "duplicate": "yellow", "not placed": "magenta", "invalid": "bold red"}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import entries from a Markdown list",
                       description="Create one resource file per list item of a Markdown file (bullets, numbered "
                                   "items, table rows). Headings that name a topic, tier or group place the entries "
                                   "below them; the flags place the rest.")
    p.add_argument("file", type=Path, metavar="FILE.md")
    p.add_argument("--topic", metavar="ID", help="topic for entries under headings that name none")
    p.add_argument("--tier", type=int, choices=(1, 2, 3), help="tier for entries whose headings name none")
    p.add_argument("--group", metavar="ID", help="group, for an untiered topic")
    p.add_argument("--type", metavar="T", help=f"type where neither URL nor list says (default: {DEFAULT_TYPE})")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--include-prose", action="store_true",
                   help="also import links in paragraphs and headings, not only list items")
    p.add_argument("--force", action="store_true",
                   help="import items whose title matches a listed entry's (a possible duplicate)")
    p.add_argument("--dry-run", action="store_true", help="write nothing; report what would be imported")
    p.set_defaults(handler=run)


def _typed(report: ImportReport) -> str | None:
    counts = report.typed
    if not counts:
        return None
    inferred = counts["list marker"] + counts["URL"]
    return (f"types: {inferred} inferred (from the URL or the list's markers), {counts['--type']} from --type, "
            f"{counts['default']} left as the default '{DEFAULT_TYPE}'"
            + (": check their `type`" if counts["default"] else ""))


def _what(row: Row) -> str:
    return f"'{row.title}' ({row.url})" if row.title else row.url


def as_plain(report: ImportReport, dry_run: bool) -> str:
    lines: list[str] = []
    for outcome in OUTCOMES:
        rows = report.of(outcome)
        if rows:
            lines.append(("Would import" if dry_run and outcome == "imported" else HEADINGS[outcome]) + ":")
            lines += [f"  line {r.line}: " + (f"{r.detail}: {_what(r)}" if outcome == "imported"
                                              else f"{_what(r)}: {r.detail}" if _what(r) else r.detail) for r in rows]
    if report.weak_titles:
        lines.append("Titles to check (taken from a heading, or not improved):")
        lines += [f"  line {r.line}: '{r.title}': {r.detail}" for r in report.weak_titles]
    typed = _typed(report)
    return "\n".join(lines + ([typed] if typed else []))


def as_table(report: ImportReport, dry_run: bool, width: int | None = None) -> str:
    """The same rows as a rich table, colour by outcome."""
    from rich.console import Console  # rich costs start-up time; only a terminal pays it
    from rich.table import Table

    buffer = io.StringIO()
    console = Console(file=buffer, force_terminal=True, width=width, highlight=False)
    table = Table(title="gpulist import" + (" (dry run)" if dry_run else ""), expand=False)
    for name in ("line", "outcome", "title / URL", "file, or why"):
        table.add_column(name, overflow="fold")
    for r in report.rows:
        style = _STYLES.get(r.outcome, "dim")
        table.add_row(str(r.line), f"[{style}]{HEADINGS[r.outcome]}[/]", _what(r), r.detail)
    for r in report.weak_titles:
        table.add_row(str(r.line), "[yellow]title to check[/]", r.title, r.detail)
    console.print(table)
    typed = _typed(report)
    if typed:
        console.print(typed)
    return buffer.getvalue().rstrip("\n")


def summary(source: Path, report: ImportReport, dry_run: bool) -> str:
    verb = "would import" if dry_run else "imported"
    counts = [f"{len(report.of('duplicate'))} skipped as duplicates",
              f"{len(report.of('profile', 'prose', 'badge'))} skipped as profiles or prose",
              f"{len(report.of('not placed'))} not placed", f"{len(report.of('invalid', 'no link'))} without an entry",
              f"{len(report.weak_titles)} title(s) to check"]
    return f"{source}: {len(report.imported)} {verb}, " + ", ".join(counts)


def run(args: argparse.Namespace) -> int:
    options = ImportOptions(args.data, args.topic, args.tier, args.group, args.type, args.dry_run,
                            args.include_prose, args.force)
    report = run_import(args.file, options)
    print(as_table(report, args.dry_run) if sys.stdout.isatty() else as_plain(report, args.dry_run))
    print(summary(args.file, report, args.dry_run), file=sys.stderr)
    if report.to_fill:
        print(f"left to fill: {len(report.to_fill)} before `gpulist validate` passes", file=sys.stderr)
        print(as_text(report.to_fill), file=sys.stderr)
    if report.problems:
        print(as_text(report.problems), file=sys.stderr)
        return 1
    return 0
