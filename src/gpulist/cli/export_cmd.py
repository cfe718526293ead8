"""`gpulist export readme|json|bibtex|anki`: the list as Markdown in the guide's format, as JSON, as
BibTeX, or its check questions as an Anki deck (gpulist.apkg and gpulist-anki.txt, into a folder)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from gpulist.checks import validate
from gpulist.cli.site_args import add_publishing_options, settings_from
from gpulist.export.anki import APKG_PATH, TEXT_PATH, build_time, render_anki_text, render_apkg
from gpulist.export.bibtex import render_bibtex
from gpulist.files import current_text, write_atomic
from gpulist.load import Catalog
from gpulist.export.readme import render_readme
from gpulist.export.resources_json import render_json
from gpulist.problems import UsageError, has_errors
from gpulist.report import as_text
from gpulist.view.catalog import build_view
from gpulist.view.review import review_cards
from gpulist.view.config import DEFAULT_CONFIG, SiteConfig, load_site_config


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write the list as README Markdown, JSON or BibTeX, or its questions for Anki",
                       description="Write the catalog as a README in the guide's format, as resources.json, "
                                   "or as BibTeX (one record per entry, keyed by its id); or its check questions "
                                   "as an Anki deck: gpulist.apkg and gpulist-anki.txt, written into the folder "
                                   "--output names (default: the current folder).")
    p.add_argument("format", choices=("readme", "json", "bibtex", "anki"))
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--output", "-o", type=Path, default=None, metavar="FILE",
                   help="output file (default: stdout); for anki, the folder to write both files into")
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
    if args.format == "anki":
        return _anki(args, catalog)
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


def _settings(args: argparse.Namespace) -> SiteConfig:
    base = load_site_config(args.config) if args.config.is_file() else SiteConfig()
    return settings_from(args, base, args.config.absolute().parent)


def _anki(args: argparse.Namespace, catalog: Catalog) -> int:
    """Both files into a folder: the package is binary, so never to stdout. No --check: the
    package dates its notes (see gpulist.export.anki), so it differs between builds by design."""
    if args.check:
        raise UsageError("--check does not apply to anki: the package dates its notes, so each build differs")
    folder = args.output or Path(".")
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--output {folder} is a file: for anki, name the folder to write {APKG_PATH} and {TEXT_PATH} into")
    cards = review_cards(build_view(catalog))
    settings = dataclasses.replace(_settings(args), built=build_time())
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / APKG_PATH, render_apkg(cards, settings))
    write_atomic(folder / TEXT_PATH, render_anki_text(cards, settings))
    print(f"wrote {folder / APKG_PATH} and {folder / TEXT_PATH}: {len(cards)} questions", file=sys.stderr)
    return 0


def _render(args: argparse.Namespace, catalog: Catalog) -> str:
    """Only JSON carries site and edit URLs, so only JSON reads the config and the publishing
    settings (which may ask git for the origin remote)."""
    if args.format == "bibtex":
        return render_bibtex(catalog.resources)
    if args.format == "readme":
        return render_readme(build_view(catalog))
    return render_json(build_view(catalog), _settings(args))
