"""`gpulist validate`: every problem in data/, at once, located."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.problems import has_errors
from gpulist.report import FORMATTERS, FORMATS, summary


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check data/ and report every problem",
                       description="Load and check the catalog; exit 1 if there are errors.")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from gpulist.checks import validate  # here, so other commands do not pay for loading the models

    catalog, problems = validate(args.data)
    output = FORMATTERS[args.format](problems)
    if output:
        print(output)
    if args.format == "text":
        print(summary(problems, len(catalog.entries)), file=sys.stderr)
    return 1 if has_errors(problems) else 0
