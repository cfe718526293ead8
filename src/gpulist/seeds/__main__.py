"""One-off draft import: `python -m gpulist.seeds GUIDE [--data DIR] [--force]`.

Existing files are never overwritten without --force: after the first import the YAML
is edited by hand and is the source of truth.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.load import load_catalog
from gpulist.seeds.convert import draft_id, draft_resource
from gpulist.seeds.emit import dump_resource
from gpulist.seeds.guide import parse_guide
from gpulist.seeds.mojibake import repair


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gpulist.seeds", description=__doc__)
    parser.add_argument("guide", type=Path, help="the seed guide, as mojibake")
    parser.add_argument("--data", type=Path, default=Path("data"))
    parser.add_argument("--force", action="store_true", help="overwrite existing resource files")
    args = parser.parse_args(argv)
    catalog, _ = load_catalog(args.data)
    entries = parse_guide(repair(args.guide.read_text(encoding="utf-8")))
    (args.data / "resources").mkdir(parents=True, exist_ok=True)
    written = skipped = 0
    for entry in entries:
        path = args.data / "resources" / f"{draft_id(entry.title)}.yml"
        if path.exists() and not args.force:
            skipped += 1
            continue
        path.write_text(dump_resource(draft_resource(entry, catalog.topics)), encoding="utf-8")
        written += 1
    print(f"{len(entries)} entries: {written} written, {skipped} kept", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
