"""Options and output shared by `gpulist build` and `gpulist serve`."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from gpulist.publish.build import Generated, Paths, check_site, generate, resolve_paths
from gpulist.publish.engine import DEFAULT_ENGINE, ENGINES, Engine, engine
from gpulist.publish.settings import Overrides, site_settings
from gpulist.report import for_build, summary
from gpulist.view.config import DEFAULT_CONFIG, SiteConfig


def add_site_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    parser.add_argument("--config", type=Path, default=Path(DEFAULT_CONFIG), metavar="FILE",
                        help=f"site configuration (default: {DEFAULT_CONFIG})")
    parser.add_argument("--docs", type=Path, default=None, metavar="DIR",
                        help="where generated pages go (default: the config's docs_dir)")
    parser.add_argument("--site", type=Path, default=None, metavar="DIR",
                        help="where the built site goes, any folder; each build replaces it whole "
                             "(default: site/ next to the config)")
    parser.add_argument("--engine", choices=ENGINES, default=DEFAULT_ENGINE,
                        help=f"site engine (default: {DEFAULT_ENGINE})")
    add_publishing_options(parser)


def add_publishing_options(parser: argparse.ArgumentParser) -> None:
    """Each wins over the environment and the origin remote; an empty value means none."""
    parser.add_argument("--site-url", default=None, metavar="URL",
                        help="published address (default: $GPULIST_SITE_URL, GitHub Actions, the origin remote)")
    parser.add_argument("--repo-url", default=None, metavar="URL",
                        help="repository for the header and edit links (default: $GPULIST_REPO_URL, "
                             "$GITHUB_REPOSITORY, the origin remote)")
    parser.add_argument("--edit-uri", default=None, metavar="PATH",
                        help="edit links' path under the repository (default: mkdocs.yml's edit_uri)")


def settings_from(args: argparse.Namespace, base: SiteConfig, project: Path) -> SiteConfig:
    flags = Overrides(site_url=args.site_url, repo_url=args.repo_url, edit_uri=args.edit_uri)
    return site_settings(base, flags, os.environ, project)


def paths_from(args: argparse.Namespace) -> tuple[Paths, SiteConfig, Engine]:
    """Bad usage (no config, folders the engine refuses) stops here, before any page is written."""
    paths, base = resolve_paths(args.data, args.config, args.docs, args.site)
    site_engine = engine(args.engine)
    site_engine.check(paths.layout)
    check_site(paths)
    return paths, settings_from(args, base, paths.config.parent), site_engine


def generate_and_report(paths: Paths, settings: SiteConfig, site_engine: Engine) -> Generated:
    """Errors print as `gpulist validate` prints them; warnings only as one line counted by rule."""
    result = generate(paths, settings, site_engine)
    if result.problems:
        print(for_build(result.problems), file=sys.stderr)
    print(summary(result.problems, result.entries), file=sys.stderr)
    if result.report is None:
        print(f"not building: fix the errors in {paths.data} first", file=sys.stderr)
    else:
        print(f"pages in {paths.docs}: {result.report.summary()}", file=sys.stderr)
    return result
