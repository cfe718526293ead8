"""`gpulist build`: validate data/, write the site's pages, then build them with the engine, strictly."""

from __future__ import annotations

import argparse

from gpulist.cli.site_args import add_site_options, generate_and_report, paths_from
from gpulist.publish.build import build_site


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="validate data/ and build the site",
                       description="Validate data/, write the pages into docs/, build them with the site engine "
                                   "in strict mode (Zensical, or MkDocs with --engine mkdocs), then add README.md "
                                   "(the list in the guide's format) to the built site. "
                                   "Refuses to build when the data has errors.")
    add_site_options(p)
    p.add_argument("--no-engine", "--no-mkdocs", dest="no_engine", action="store_true",
                   help="write the pages only; do not run the engine")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    paths, settings, site_engine = paths_from(args)
    result = generate_and_report(paths, settings, site_engine)
    if result.report is None:
        return 1
    if args.no_engine:
        return 0
    return build_site(paths, site_engine, result.site.exports if result.site is not None else {})
