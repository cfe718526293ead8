"""When and how long to wait before trying a URL again.

Exponential backoff with jitter spreads retries so that a hundred links on one flaky host
do not come back in lockstep. A server's Retry-After is honoured, but only up to a cap:
a CI job must not sleep for an hour because a host asked it to.
"""

from __future__ import annotations

import datetime as dt
import random
from email.utils import parsedate_to_datetime


def backoff(attempt: int, base: float, cap: float, rng: random.Random) -> float:
    """Seconds before retry number `attempt` (1-based): half fixed, half random, capped."""
    ceiling = min(cap, base * (2 ** (attempt - 1)))
    return ceiling / 2 + rng.uniform(0, ceiling / 2)


def parse_retry_after(value: str | None, now: dt.datetime | None = None) -> float | None:
    """Seconds asked for by a Retry-After header (delta-seconds or an HTTP date), None if unusable."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    now = now or dt.datetime.now(dt.timezone.utc)
    return max(0.0, (when - now).total_seconds())
