"""Options and output shared by `gpulist build` and `gpulist serve`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.publish.build import Generated, Paths, generate, resolve_paths
from gpulist.report import as_text, summary
from gpulist.view.config import DEFAULT_CONFIG, SiteConfig


def add_site_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    parser.add_argument("--config", type=Path, default=Path(DEFAULT_CONFIG), metavar="FILE",
                        help=f"MkDocs configuration (default: {DEFAULT_CONFIG})")
    parser.add_argument("--docs", type=Path, default=None, metavar="DIR",
                        help="where generated pages go (default: the config's docs_dir)")
    parser.add_argument("--site", type=Path, default=None, metavar="DIR",
                        help="where the built site goes (default: site/ next to the config)")


def paths_from(args: argparse.Namespace) -> tuple[Paths, SiteConfig]:
    return resolve_paths(args.data, args.config, args.docs, args.site)


def generate_and_report(paths: Paths, settings: SiteConfig) -> Generated:
    """Problems print exactly as `gpulist validate` prints them."""
    result = generate(paths, settings)
    if result.problems:
        print(as_text(result.problems), file=sys.stderr)
    print(summary(result.problems, result.entries), file=sys.stderr)
    if result.report is None:
        print(f"not building: fix the errors in {paths.data} first", file=sys.stderr)
    else:
        print(f"pages in {paths.docs}: {result.report.summary()}", file=sys.stderr)
    return result
