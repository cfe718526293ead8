"""Effort as a reader plans with it: a band's short label, and totals over many entries.

The bands (quick, hour, afternoon, days, weeks; gpulist.models.resource) are what
contributors judge; a reader wants "≈ 1 h" on a card and "about 30 hours" for a path. Totals
add each band's typical time, so they are estimates in round numbers, never exact: a
"days" entry counts as two working days, a "weeks" entry (a book, a course) as three weeks
of evenings.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpulist.models import Resource

LABELS = {"quick": "< 30 min", "hour": "≈ 1 h", "afternoon": "≈ 3 h", "days": "a few days", "weeks": "weeks"}
HOURS = {"quick": 0.25, "hour": 1.0, "afternoon": 3.0, "days": 16.0, "weeks": 40.0}
ACCESS_LABELS = {"paid": "paid", "paywall": "paywalled", "login": "free account needed"}


def label(resource: Resource) -> str | None:
    return LABELS.get(resource.effort) if resource.effort else None


def with_access(resource: Resource) -> str:
    """"≈ 1 h · free", "weeks · paid": what a step takes and costs, where a reader plans it
    ("Your next step", a path's steps); an entry without an effort says only its access."""
    return " · ".join(x for x in (label(resource), ACCESS_LABELS.get(resource.access, "free")) if x)


def total_hours(resources: Iterable[Resource]) -> float:
    return sum(HOURS[r.effort] for r in resources if r.effort)


def about(hours: float) -> str:
    """'about 30 hours', rounded to what the estimate can say."""
    if hours <= 0:
        return ""
    if hours < 1:
        return "under an hour"
    if hours < 10:
        rounded = round(hours)
    elif hours < 100:
        rounded = int(round(hours / 5) * 5)
    else:
        rounded = int(round(hours / 10) * 10)
    return f"about {rounded} hour{'s' if rounded != 1 else ''}"


def summary(resources: Iterable[Resource]) -> str:
    """'about 30 hours, 3 exercises': a path's or a tier's size at a glance."""
    items = list(resources)
    parts = [about(total_hours(items))]
    exercises = sum(r.type == "exercise" for r in items)
    if exercises:
        parts.append(f"{exercises} exercise{'s' if exercises != 1 else ''}")
    return ", ".join(p for p in parts if p)
