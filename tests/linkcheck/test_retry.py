from __future__ import annotations

import datetime as dt
import random

from gpulist.linkcheck.retry import backoff, parse_retry_after


def test_backoff_grows_exponentially_with_jitter_and_a_cap() -> None:
    rng = random.Random(1)
    for attempt, ceiling in ((1, 1.0), (2, 2.0), (3, 4.0), (6, 10.0), (20, 10.0)):
        waits = [backoff(attempt, 1.0, 10.0, rng) for _ in range(50)]
        assert all(ceiling / 2 <= w <= ceiling for w in waits)
        assert len(set(waits)) > 1  # jittered, not in lockstep


def test_retry_after_in_seconds_or_as_a_date() -> None:
    now = dt.datetime(2026, 1, 1, 12, 0, 0, tzinfo=dt.timezone.utc)
    assert parse_retry_after("7") == 7.0
    assert parse_retry_after("Thu, 01 Jan 2026 12:00:30 GMT", now) == 30.0
    assert parse_retry_after("Thu, 01 Jan 2026 11:00:00 GMT", now) == 0.0
    assert parse_retry_after("soon") is None and parse_retry_after(None) is None
