"""The `gpulist` command: a thin argparse front over the package's functions.

Each subcommand lives in its own module exposing `register(subparsers)`; the handler it
sets returns the process exit code. Expected failures are `GpulistError`s and become one
clear line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from gpulist import __version__
from gpulist.cli import (
    build_cmd, check_links_cmd, enrich_cmd, export_cmd, fmt_cmd, import_cmd, merge_link_reports_cmd, new_cmd,
    schema_cmd, serve_cmd, validate_cmd,
)
from gpulist.problems import GpulistError, UsageError

# In the order a contributor meets them, then the site, then maintenance.
COMMANDS = (new_cmd, validate_cmd, fmt_cmd, import_cmd, schema_cmd, build_cmd, serve_cmd, export_cmd, enrich_cmd,
            check_links_cmd, merge_link_reports_cmd)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpulist", description="The GPU performance engineering reading list, kept as data."
    )
    parser.add_argument("--version", action="version", version=f"gpulist {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args))
    except UsageError as exc:
        print(f"gpulist {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except GpulistError as exc:
        print(f"gpulist {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
