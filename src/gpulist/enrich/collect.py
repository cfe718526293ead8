"""Walk the repositories in batches and keep going for as long as GitHub lets us.

A rate limit or a refused token ends the run early: the repositories not asked about yet
are reported as not refreshed (their last known figures stay), rather than hammering an
API that already said no. Any other failure spoils one batch only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gpulist.enrich.graphql import MAX_BATCH, Batch
from gpulist.models import RepoHealth

Fetch = Callable[[list[str]], Batch]


@dataclass(slots=True)
class Refresh:
    health: dict[str, RepoHealth] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    stale: dict[str, str] = field(default_factory=dict)  # repo -> why it was not refreshed
    requests: int = 0
    stopped: str | None = None


def batches(repos: Sequence[str], size: int = MAX_BATCH) -> list[list[str]]:
    return [list(repos[i:i + size]) for i in range(0, len(repos), size)]


def refresh(repos: Sequence[str], fetch: Fetch, size: int = MAX_BATCH) -> Refresh:
    result = Refresh()
    pending = batches(repos, size)
    for index, batch in enumerate(pending):
        answer = fetch(batch)
        result.requests += 1
        result.health.update(answer.health)
        result.missing += answer.missing
        result.stale.update(answer.failed)
        if answer.stop:
            result.stopped = answer.stop
            for later in pending[index + 1:]:
                result.stale.update(dict.fromkeys(later, f"not asked: {answer.stop}"))
            break
    return result
