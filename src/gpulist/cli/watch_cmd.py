"""`gpulist watch`: what is new at the sources the list trusts, as candidates to review."""

from __future__ import annotations

import argparse
import datetime as dt
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gpulist.cli.report_output import append_job_summary, write_report
from gpulist.problems import UsageError

if TYPE_CHECKING:
    from gpulist.watch.runner import Run

FORMATS = ("text", "json", "markdown", "github")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("watch", help="propose what is new at the sources the list follows",
                       description="Read data/watch.yml's sources (and blog entries' feeds) and propose new items "
                                   "that are not listed yet. Exit 0 with or without candidates; 2 for bad usage "
                                   "or an invalid data/watch.yml; 3 when no source could be reached at all.")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--format", choices=FORMATS, default="text", help="report format (default: text)")
    p.add_argument("--output", type=Path, metavar="FILE", help="write the report here instead of stdout")
    p.add_argument("--since", type=_date, metavar="DATE",
                   help="items published since DATE (YYYY-MM-DD or ISO time; default: each source's last read)")
    p.add_argument("--all", action="store_true",
                   help="also repeat candidates proposed by earlier runs (fetches without conditional requests)")
    p.add_argument("--state-file", type=Path, metavar="PATH",
                   help="what runs remember (default: .gpulist-cache/watch-state.json)")
    p.add_argument("--allow-private", action="store_true",
                   help="also fetch loopback, private and link-local addresses (tests and benchmarks)")
    p.add_argument("--config", type=Path, default=Path("pyproject.toml"), metavar="FILE",
                   help="pyproject.toml holding [tool.gpulist.watch] (default: ./pyproject.toml)")
    p.set_defaults(handler=run)


def _date(text: str) -> dt.datetime:
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date: {text!r} (write YYYY-MM-DD)") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.timezone.utc)


def run(args: argparse.Namespace) -> int:
    from gpulist.linkcheck.network import MESSAGE, NETWORK_DOWN
    from gpulist.report import as_text
    from gpulist.watch.config import load_config
    from gpulist.watch.runner import Dependencies, Options, run as watch

    config = load_config(args.config)
    options = Options(data=args.data, config=config, since=args.since, include_proposed=args.all,
                      state_file=args.state_file, allow_private=args.allow_private)
    result = watch(options, Dependencies(warn=_warn))
    if result.problems:
        print(as_text(result.problems), file=sys.stderr)
        raise UsageError(f"{len(result.problems)} problem(s) in the watch sources; nothing was fetched")
    _emit(result, args)
    if result.network_down:
        print(f"gpulist watch: error: {MESSAGE}; the state file is left as it was", file=sys.stderr)
        return NETWORK_DOWN
    _save_state(result, options.state_path)
    return 0


def _emit(result: Run, args: argparse.Namespace) -> None:
    from gpulist.watch.report import render

    write_report(render(args.format, result), args.output)
    if args.format == "github":
        append_job_summary(lambda: render("markdown", result), "watch")


def _save_state(result: Run, path: Path) -> None:
    try:
        result.state.save(path, result.now)
    except OSError as exc:
        _warn(f"cannot write the state file {path}: {exc.strerror}; the next run will repeat this one's candidates")


def _warn(message: str) -> None:
    print(f"gpulist watch: warning: {message}", file=sys.stderr)
