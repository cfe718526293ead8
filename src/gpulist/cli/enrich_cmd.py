"""`gpulist enrich`: refresh data/generated/repos.yml from GitHub's GraphQL API."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
from functools import partial
from pathlib import Path
from urllib.parse import urlsplit

import httpx

from gpulist.enrich.collect import Refresh, refresh
from gpulist.enrich.graphql import API_ENV, DEFAULT_API, fetch_batch
from gpulist.enrich.store import HEALTH_FILE, merge, render, write_if_changed
from gpulist.enrich.targets import repo_targets
from gpulist.load import load_catalog
from gpulist.load.loader import linked_folder
from gpulist.models import RepoHealth
from gpulist.problems import GpulistError, Problem, UsageError

TIMEOUT = httpx.Timeout(30.0, connect=10.0)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("enrich", help="refresh stars, archived, last push and license of listed GitHub repos",
                       description=f"Ask GitHub's GraphQL API (100 repositories per request, GITHUB_TOKEN) about "
                                   f"every listed GitHub repository and write data/{HEALTH_FILE}. Exit 1 when some "
                                   f"repositories kept their last known figures; 2 for bad usage or no token.")
    p.add_argument("--data", type=Path, default=Path("data"), metavar="DIR", help="data folder (default: data)")
    p.add_argument("--api", default=os.environ.get(API_ENV, DEFAULT_API), metavar="URL",
                   help=f"GraphQL endpoint (default: ${API_ENV} or {DEFAULT_API})")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    token = os.environ.get("GITHUB_TOKEN", "").strip()
    if not token:
        raise UsageError(f"GITHUB_TOKEN is not set: GitHub's GraphQL API needs a token (any token, no scopes); "
                         f"{args.data / HEALTH_FILE} was left untouched")
    _check_api(args.api)
    catalog, problems = load_catalog(args.data)
    path = args.data / HEALTH_FILE
    linked = linked_folder(args.data, path)
    if linked is not None:  # refused before any request: the figures could not be written anyway
        raise GpulistError(f"{linked} is a symbolic link: not writing {path} through it")
    _warn_unreadable(problems)
    targets = repo_targets(catalog)
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    with httpx.Client(timeout=TIMEOUT, follow_redirects=False) as client:
        fresh = refresh(targets, partial(fetch_batch, client, args.api, token, now=now))
    merged = merge(catalog.repos, fresh, targets)
    changed = write_if_changed(path, render(merged))
    _report(fresh, catalog.repos, len(targets), path if changed else None)
    return 1 if fresh.stale else 0


def _check_api(url: str) -> None:
    try:
        parts = urlsplit(url)
        usable = parts.scheme in ("http", "https") and bool(parts.hostname)
    except ValueError:
        usable = False
    if not usable:
        raise UsageError(f"--api must be an http(s) URL, e.g. {DEFAULT_API} (got '{url}')")


def _warn_unreadable(problems: list[Problem]) -> None:
    """A broken health file is replaced, not merged: say so, since its figures are then lost."""
    shown = HEALTH_FILE.as_posix()
    for problem in problems:
        if problem.path.replace("\\", "/").endswith(shown):
            print(f"gpulist enrich: warning: ignoring the unreadable health file: {problem.path}:{problem.line}: "
                  f"{problem.message}", file=sys.stderr)


def _report(fresh: Refresh, known: dict[str, RepoHealth], total: int, written: Path | None) -> None:
    """Say exactly which repositories show old figures, and why, so nobody trusts them blindly."""
    err = partial(print, file=sys.stderr)
    err(f"gpulist enrich: refreshed {len(fresh.health)} of {total} repositories in {fresh.requests} request(s)")
    for repo in fresh.missing:
        err(f"  not found on GitHub (deleted, renamed or private), dropped: {repo}")
    for repo, why in sorted(fresh.stale.items()):
        kept = f"kept figures from {known[repo].fetched_at:%Y-%m-%d}" if repo in known else "no figures yet"
        err(f"  not refreshed, {kept}: {repo} ({why})")
    err(f"  wrote {written}" if written else "  no change to the health file")
