from __future__ import annotations

import datetime as dt

from gpulist.enrich.collect import batches, refresh
from gpulist.enrich.graphql import Batch
from gpulist.models import RepoHealth

NOW = dt.datetime(2026, 11, 1, tzinfo=dt.UTC)
HEALTH = RepoHealth(stars=1, archived=False, fetched_at=NOW)


def test_batches_hold_at_most_100() -> None:
    repos = [f"o/r{i}" for i in range(250)]
    assert [len(b) for b in batches(repos)] == [100, 100, 50]
    assert sum(batches(repos), []) == repos


def test_a_stop_leaves_later_batches_unasked() -> None:
    asked: list[list[str]] = []

    def fetch(batch: list[str]) -> Batch:
        asked.append(batch)
        if len(asked) == 2:
            return Batch(failed=dict.fromkeys(batch, "rate limited"), stop="rate limited")
        return Batch(health=dict.fromkeys(batch, HEALTH))

    result = refresh([f"o/r{i}" for i in range(5)], fetch, size=2)
    assert asked == [["o/r0", "o/r1"], ["o/r2", "o/r3"]]
    assert sorted(result.health) == ["o/r0", "o/r1"]
    assert result.stale == {"o/r2": "rate limited", "o/r3": "rate limited", "o/r4": "not asked: rate limited"}
    assert result.requests == 2 and result.stopped == "rate limited"


def test_a_failed_batch_does_not_stop_the_rest() -> None:
    def fetch(batch: list[str]) -> Batch:
        if batch[0] == "o/r0":
            return Batch(failed=dict.fromkeys(batch, "HTTP 502"))
        return Batch(health=dict.fromkeys(batch, HEALTH))

    result = refresh(["o/r0", "o/r1"], fetch, size=1)
    assert list(result.health) == ["o/r1"] and result.stale == {"o/r0": "HTTP 502"} and result.requests == 2
