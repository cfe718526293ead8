"""A code entry whose repository is archived or idle for two years is worth a second look.

Advice, not an error: old code can still be the best reference. "Two years" counts back from
when the figures were fetched (`fetched_at`), not from today, so the same data always gives
the same warnings, in CI or on a laptop, this year or next.
"""

from __future__ import annotations

import datetime as dt

from gpulist.checks._util import at
from gpulist.identity import github_repo
from gpulist.load import Catalog, Entry
from gpulist.load.yaml_reader import Loc
from gpulist.models import RepoHealth
from gpulist.problems import Problem

RULE = "repo-health"
IDLE_YEARS = 2


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for entry in catalog.entries:
        if entry.resource.type != "code":
            continue
        found = code_repo(entry)
        health = catalog.repos.get(found[0]) if found else None
        message = _advice(found[0], health) if found and health else None
        if found and message:
            problems.append(at(entry, found[1], message, RULE, "warning"))
    return problems


def code_repo(entry: Entry) -> tuple[str, Loc] | None:
    """The entry's repository and where its URL is written: the main URL first, then the links."""
    places: list[tuple[str | None, Loc]] = [(entry.resource.url, ("url",))]
    places += [(link.url, ("links", i, "url")) for i, link in enumerate(entry.resource.links)]
    for url, loc in places:
        repo = github_repo(url) if url else None
        if repo:
            return repo, loc
    return None


def _advice(repo: str, health: RepoHealth) -> str | None:
    if health.archived:
        return f"repository {repo} is archived (read-only) on GitHub: say so in the notes or list a maintained fork"
    if health.pushed_at and _utc(health.pushed_at) < years_before(_utc(health.fetched_at), IDLE_YEARS):
        return (f"repository {repo} has had no push since {health.pushed_at:%Y-%m-%d} "
                f"(over {IDLE_YEARS} years before {health.fetched_at:%Y-%m-%d}): is it still the one to read?")
    return None


def years_before(moment: dt.datetime, years: int) -> dt.datetime:
    """Calendar years back; 29 February falls back to the 28th."""
    try:
        return moment.replace(year=moment.year - years)
    except ValueError:
        return moment.replace(year=moment.year - years, day=28)


def _utc(moment: dt.datetime) -> dt.datetime:
    """The file is written with offsets, but a naive time must not crash the comparison."""
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
