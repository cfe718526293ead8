"""`gpulist build`: validate data/, write the site's pages, then `mkdocs build --strict`."""

from __future__ import annotations

import argparse

from gpulist.cli.site_args import add_site_options, generate_and_report, paths_from
from gpulist.publish.build import publish_exports, run_mkdocs_build


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("build", help="validate data/ and build the site",
                       description="Validate data/, write the pages into docs/, run `mkdocs build --strict`, "
                                   "then add README.md (the list in the guide's format) to the built site. "
                                   "Refuses to build when the data has errors.")
    add_site_options(p)
    p.add_argument("--no-mkdocs", action="store_true", help="write the pages only; do not run MkDocs")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    paths, settings = paths_from(args)
    result = generate_and_report(paths, settings)
    if result.report is None:
        return 1
    if args.no_mkdocs:
        return 0
    code = run_mkdocs_build(paths)
    if code == 0 and result.site is not None:
        publish_exports(paths, result.site.exports)
    return code
