"""`gpulist check-links`: fail the build only for links that are provably broken."""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

from typing import TYPE_CHECKING

from gpulist.linkcheck.formats import FORMATS, render
from gpulist.memory import gc_paused
from gpulist.cli.report_output import append_job_summary, write_report

if TYPE_CHECKING:
    from gpulist.linkcheck.model import Run


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("check-links", help="check every link; fail only on broken ones",
                       description="Check the links of data/ (or of any files). Exit 1 only for broken links "
                                   "(with --strict, for anything but ok, redirected or excluded); 2 for bad usage; "
                                   "3 when the network was unavailable (at least 3 host names looked up and not one "
                                   "resolved): those links are reported transient, nothing is cached and no "
                                   "failure streak advances.")
    p.add_argument("inputs", nargs="*", type=Path, metavar="INPUT", help="data folders or files (default: data)")
    add_output_options(p)
    p.add_argument("--changed-since", metavar="GIT_REF", help="only URLs on lines added or changed since GIT_REF")
    p.add_argument("--no-cache", action="store_true", help="neither read nor write the result cache")
    p.add_argument("--allow-private", action="store_true",
                   help="also check loopback, private and link-local addresses (tests and benchmarks)")
    p.add_argument("--shard", default="1/1", metavar="I/N", help="check only shard I of N, split by host")
    p.add_argument("--cache-file", type=Path, metavar="PATH", help="result cache (default: .gpulist-cache/links.json)")
    p.add_argument("--state-file", type=Path, metavar="PATH",
                   help="failure streaks for scheduled runs (default: .gpulist-cache/link-state.json)")
    p.add_argument("--config", type=Path, default=Path("pyproject.toml"), metavar="FILE",
                   help="pyproject.toml holding [tool.gpulist.linkcheck] (default: ./pyproject.toml)")
    p.set_defaults(handler=run)


def add_output_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=FORMATS, default="text", help="report format (default: text)")
    p.add_argument("--output", type=Path, metavar="FILE", help="write the report here instead of stdout")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 for anything but ok, redirected or excluded, not only broken links")


def run(args: argparse.Namespace) -> int:
    """What the run built is frozen at the end (moved out of the cyclic collector's view),
    so the interpreter's exit does not walk it all once more: a third to a half of the
    time between the last answer and the process ending. The collector is not paused
    during the run: failed requests leave cycles (exceptions and their frames), and a run
    of 5,000 failures would double its memory."""
    try:
        return _run(args)
    finally:
        gc.freeze()


def _run(args: argparse.Namespace) -> int:
    # Imported here, not at the top: every gpulist command would otherwise pay for aiohttp.
    # With the collector paused: importing aiohttp builds ~50,000 objects and set off six
    # full collections (8% of check-links' start-up); frozen after, they are not walked again.
    with gc_paused():
        from gpulist.linkcheck.config import load_config
        from gpulist.linkcheck.progress import wanted as progress_wanted
        from gpulist.linkcheck.runner import Dependencies, Options, run as run_checks
        from gpulist.linkcheck.shard import parse_shard

    options = Options(inputs=args.inputs or [Path("data")], config=load_config(args.config),
                      changed_since=args.changed_since, use_cache=not args.no_cache,
                      allow_private=args.allow_private, shard=parse_shard(args.shard), cache_file=args.cache_file,
                      state_file=args.state_file, progress=args.format == "text" and progress_wanted())
    return emit(run_checks(options, Dependencies(warn=_warn)), args)


def emit(run: Run, args: argparse.Namespace) -> int:
    """Write the report; under GitHub Actions the Markdown report also goes to the job summary."""
    from gpulist.linkcheck.model import exit_code

    to_terminal = args.output is None and sys.stdout.isatty()
    options: dict[str, object] = {"color": to_terminal, "waits": run.waits} if args.format == "text" else {}
    report = render(args.format, run.results, network_down=run.network_down, **options)
    write_report(report, args.output)
    if args.format == "github":
        append_job_summary(lambda: render("markdown", run.results, network_down=run.network_down), "check-links")
    return exit_code(run.results, args.strict, run.network_down)


def _warn(message: str) -> None:
    print(f"gpulist check-links: warning: {message}", file=sys.stderr)
