"""`gpulist merge-link-reports`: one report from the JSON reports of sharded runs.

Shards split URLs by host, so a URL normally appears in one report only; if it appears in
several (overlapping inputs), its uses are merged and the first verdict is kept.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from gpulist.cli.check_links_cmd import add_output_options, emit
from gpulist.linkcheck.model import Result, Run


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("merge-link-reports", help="merge JSON reports of check-links shards",
                       description="Merge the JSON reports of `check-links --shard I/N` runs into one report, "
                                   "with the same exit codes as check-links (3 if any shard found the network "
                                   "unavailable).")
    p.add_argument("reports", nargs="+", type=Path, metavar="REPORT.json")
    add_output_options(p)
    p.set_defaults(handler=run)


def merge(reports: list[Run]) -> Run:
    """One run; the network counts as down if it was down for any shard."""
    merged: dict[str, Result] = {}
    for report in reports:
        for result in report.results:
            known = merged.get(result.url)
            if known is None:
                merged[result.url] = result
            else:
                known.sources = sorted(set(known.sources) | set(result.sources))
    down = next((r.network_down for r in reports if r.network_down), None)
    return Run(list(merged.values()), down)


def run(args: argparse.Namespace) -> int:
    from gpulist.linkcheck.formats.json import read_run

    return emit(merge([read_run(path) for path in args.reports]), args)
