"""Print the canon census (issue 45): coverage of provenance/census/ lists by data/resources.

    python scripts/census.py [--census provenance/census] [--data data] [--no-missing]

Exit 1 when a census file is broken (each problem printed where it is); the figures are
printed either way, from the lists that validate.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.census import index_catalog, load_census, place_all, report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--census", type=Path, default=Path("provenance/census"))
    parser.add_argument("--data", type=Path, default=Path("data"))
    parser.add_argument("--no-missing", action="store_true", help="leave out the list of works not placed")
    args = parser.parse_args(argv)
    lists, problems = load_census(args.census)
    index, catalog_problems = index_catalog(args.data)
    for p in problems + catalog_problems:
        print(f"{p.path}:{p.line}:{p.col}: {p.severity}: {p.message} [{p.rule}]", file=sys.stderr)
    print("\n".join(report(lists, place_all(lists, index), missing=not args.no_missing)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
