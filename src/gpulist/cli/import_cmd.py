"""`gpulist import FILE.md`: entries from an awesome-list style Markdown file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.contribute.importer import DEFAULT_TYPE, ImportOptions, ImportReport, run_import
from gpulist.report import as_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("import", help="import entries from a Markdown list",
                       description="Create one resource file per link in an awesome-list style Markdown file. "
                                   "Headings that name a topic, tier or group place the entries below them; "
                                   "the flags place the rest.")
    p.add_argument("file", type=Path, metavar="FILE.md")
    p.add_argument("--topic", metavar="ID", help="topic for entries under headings that name none")
    p.add_argument("--tier", type=int, choices=(1, 2, 3), help="tier for entries whose headings name none")
    p.add_argument("--group", metavar="ID", help="group, for an untiered topic")
    p.add_argument("--type", metavar="T", help=f"type where neither URL nor list says (default: {DEFAULT_TYPE})")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--dry-run", action="store_true", help="write nothing; report what would be imported")
    p.set_defaults(handler=run)


def _section(title: str, rows: list[tuple[int, str]]) -> None:
    if rows:
        print(f"{title}:")
        for line, text in rows:
            print(f"  line {line}: {text}")


def print_report(source: Path, report: ImportReport, dry_run: bool) -> None:
    verb = "would import" if dry_run else "imported"
    _section(verb.capitalize(), report.imported)
    _section("Skipped, already listed", report.duplicates)
    _section("Not placed (no topic, tier or group)", report.unplaced)
    _section("Unparseable", report.unparseable)
    if report.guessed_type:
        print(f"{report.guessed_type} entr(ies) typed '{DEFAULT_TYPE}' by default: check their `type`")
    print(f"{source}: {len(report.imported)} {verb}, {len(report.duplicates)} skipped as duplicates, "
          f"{len(report.unplaced)} not placed, {len(report.unparseable)} unparseable", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    options = ImportOptions(args.data, args.topic, args.tier, args.group, args.type, args.dry_run)
    report = run_import(args.file, options)
    print_report(args.file, report, args.dry_run)
    if report.problems:
        print(as_text(report.problems), file=sys.stderr)
        return 1
    return 0
