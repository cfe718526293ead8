"""`gpulist fmt`: canonical field order and layout for resource files."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.contribute.fmt_files import format_files
from gpulist.report import as_text


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fmt", help="put resource files in canonical form",
                       description="Rewrite resource files in canonical field order and layout, keeping comments.")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="files or folders (default: data)")
    p.add_argument("--check", action="store_true", help="change nothing; exit 1 listing the files that would change")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    report = format_files(args.paths or [Path("data")], check=args.check)
    if report.problems:
        print(as_text(report.problems), file=sys.stderr)
    verb = "would reformat" if args.check else "reformatted"
    for shown in report.changed:
        print(f"{verb} {shown}")
    tally = f"{len(report.changed)} file(s) {verb}, {report.unchanged} already canonical"
    print(tally + (f", {len(report.problems)} not formatted" if report.problems else ""), file=sys.stderr)
    if report.problems or (args.check and report.changed):
        return 1
    return 0
