"""The `gpulist` command: a thin argparse front over the package's functions.

Each subcommand lives in its own module exposing `register(subparsers)`; the handler it
sets returns the process exit code. Expected failures are `GpulistError`s and become one
clear line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType

from gpulist import __version__
from gpulist.problems import GpulistError, UsageError

# In the order a contributor meets them, then the site, then maintenance. Command `a-b`
# lives in module gpulist.cli.a_b_cmd, imported only when needed: each brings its own
# heavy dependencies (the site builder, the models, aiohttp), and `gpulist check-links`
# in a pull request should not spend a second of CPU importing all of them.
COMMAND_NAMES = ("new", "validate", "fmt", "import", "schema", "build", "serve", "export", "enrich",
                 "check-links", "merge-link-reports", "watch", "records")


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"gpulist.cli.{name.replace('-', '_')}_cmd")


def __getattr__(name: str) -> object:
    """`COMMANDS`, the command modules in order, still exists; it is built on first use."""
    if name == "COMMANDS":
        return tuple(command_module(n) for n in COMMAND_NAMES)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Every command, or with `only`, just that one (what `main` uses to start fast)."""
    parser = argparse.ArgumentParser(
        prog="gpulist", description="The GPU performance engineering reading list, kept as data."
    )
    parser.add_argument("--version", action="version", version=f"gpulist {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMAND_NAMES if only is None else (only,):
        command_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(argv[0] if argv and argv[0] in COMMAND_NAMES else None)
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
