"""`gpulist validate`: every problem in data/, at once, located."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from gpulist.problems import Problem, has_errors
from gpulist.report import FORMATTERS, FORMATS, summary


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("validate", help="check data/ and report every problem",
                       description="Load and check the catalog; exit 1 if there are errors.")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--format", choices=FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--advice", action="store_true",
                   help="also list what would make entries more useful: effort, year, a note that teaches")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from gpulist.checks import run_advice, validate  # here, so other commands do not pay for the models

    catalog, problems = validate(args.data)
    advice = run_advice(catalog)
    shown = sorted(problems + advice) if args.advice else problems
    output = FORMATTERS[args.format](shown)
    if output:
        print(output)
    if args.format == "text":  # the summary counts what was listed: with --advice, the advice too
        print(summary(shown, catalog.resource_files), file=sys.stderr)
        if advice and not args.advice:
            print(advice_line(advice), file=sys.stderr)
    return 1 if has_errors(problems) else 0


def advice_line(advice: list[Problem]) -> str:
    """One line for what `--advice` would list, counted by rule."""
    counts = Counter(p.rule for p in advice)
    parts = ", ".join(f"{n} {rule}" for rule, n in sorted(counts.items()))
    return f"advice: {len(advice)} ({parts}): run `gpulist validate --advice` to list them"
