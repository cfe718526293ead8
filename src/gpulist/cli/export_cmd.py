"""`gpulist export readme|json|bibtex`: the list as Markdown in the guide's format, as JSON, or as BibTeX."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gpulist.checks import validate
from gpulist.cli.site_args import add_publishing_options, settings_from
from gpulist.export.bibtex import render_bibtex
from gpulist.files import current_text, write_atomic
from gpulist.load import Catalog
from gpulist.export.readme import render_readme
from gpulist.export.resources_json import render_json
from gpulist.problems import UsageError, has_errors
from gpulist.report import as_text
from gpulist.view.catalog import build_view
from gpulist.view.config import DEFAULT_CONFIG, SiteConfig, load_site_config


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write the list as README Markdown, JSON or BibTeX",
                       description="Write the catalog as a README in the guide's format, as resources.json, "
                                   "or as BibTeX (one record per entry, keyed by its id).")
    p.add_argument("format", choices=("readme", "json", "bibtex"))
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--output", "-o", type=Path, default=None, metavar="FILE", help="output file (default: stdout)")
    p.add_argument("--check", action="store_true", help="exit 1 if --output is missing or out of date")
    p.add_argument("--config", type=Path, default=Path(DEFAULT_CONFIG), metavar="FILE",
                   help="site configuration, for the site and edit URLs in JSON (default: mkdocs.yml)")
    add_publishing_options(p)
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if args.check and args.output is None:
        raise UsageError("--check needs --output FILE")
    catalog, problems = validate(args.data)
    if has_errors(problems):
        print(as_text(problems), file=sys.stderr)
        return 1
    text = _render(args, catalog)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    current = current_text(args.output, text)  # a link or FIFO committed there is never read
    if args.check:
        if current != text:
            print(f"{args.output}: out of date; run `gpulist export {args.format} --output {args.output}`",
                  file=sys.stderr)
        return 0 if current == text else 1
    if current != text:
        write_atomic(args.output, text)
    return 0


def _render(args: argparse.Namespace, catalog: Catalog) -> str:
    """Only JSON carries site and edit URLs, so only JSON reads the config and the publishing
    settings (which may ask git for the origin remote)."""
    if args.format == "bibtex":
        return render_bibtex(catalog.resources)
    if args.format == "readme":
        return render_readme(build_view(catalog))
    base = load_site_config(args.config) if args.config.is_file() else SiteConfig()
    return render_json(build_view(catalog), settings_from(args, base, args.config.absolute().parent))
