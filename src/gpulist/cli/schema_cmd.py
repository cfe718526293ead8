"""`gpulist schema`: write (or check) the JSON Schema files editors use."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.schema import SCHEMA_DIR, stale_schemas, write_schemas


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("schema", help="write JSON Schema for the data files",
                       description="Write JSON Schema for resource, topic and tag files.")
    p.add_argument("--out", type=Path, default=Path(SCHEMA_DIR), metavar="DIR",
                   help=f"output folder (default: {SCHEMA_DIR})")
    p.add_argument("--check", action="store_true", help="exit 1 if the files are missing or out of date")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.check:
        stale = stale_schemas(args.out)
        for path in stale:
            print(f"{path}: out of date; run `gpulist schema`", file=sys.stderr)
        return 1 if stale else 0
    for path in write_schemas(args.out):
        print(f"wrote {path}")
    return 0
