"""A code entry whose repository is archived or idle for two years is worth a second look.

Advice, not an error: old code can still be the best reference. "Two years" counts back from
when the figures were fetched (`fetched_at`), not from today, so the same data always gives
the same warnings, in CI or on a laptop, this year or next.
"""

from __future__ import annotations

import datetime as dt

from gpulist.checks._util import at
from gpulist.enrich.targets import entry_repos
from gpulist.load import Catalog
from gpulist.models import RepoHealth
from gpulist.problems import Problem

RULE = "repo-health"
IDLE_YEARS = 2


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for entry in catalog.entries:
        if entry.resource.type != "code":
            continue
        repo = next(iter(entry_repos(entry)), None)
        health = catalog.repos.get(repo) if repo else None
        message = _advice(repo, health) if repo and health else None
        if message:
            problems.append(at(entry, ("url",), message, RULE, "warning"))
    return problems


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
