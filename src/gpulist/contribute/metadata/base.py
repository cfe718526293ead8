"""The common result of every metadata source."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Metadata:
    """Fields a source could establish; `failure` says why the rest is missing."""

    url: str
    source: str
    title: str | None = None
    type: str | None = None
    authors: list[str] = field(default_factory=list)
    year: int | None = None
    venue: str | None = None
    arxiv: str | None = None
    doi: str | None = None
    notes: list[str] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)
    effort: str | None = None  # a band judged from the length the source states (see effort_band)
    failure: str | None = None


def clean(text: object) -> str | None:
    """Titles from APIs and pages carry newlines and runs of spaces; YAML should not."""
    if not isinstance(text, str):
        return None
    collapsed = " ".join(text.split())
    return collapsed or None


def year_of(text: object) -> int | None:
    """The year from '2023-07-17T17:50:36Z', '2023/07/17' or '2023'."""
    if not isinstance(text, str) or len(text) < 4 or not text[:4].isdigit():
        return None
    year = int(text[:4])
    return year if 1950 <= year <= 2100 else None


# Technical prose reads at about 150 words a minute once there is code and figures to follow;
# a paper takes about a quarter of an hour a page read properly (a 12-page paper: an afternoon).
WORDS_PER_MINUTE = 150
MINUTES_PER_PAGE = 15
_BANDS = ((30, "quick"), (90, "hour"), (240, "afternoon"), (60 * 24, "days"))


def effort_band(*, words: int | None = None, pages: int | None = None, minutes: float | None = None) -> str | None:
    """The effort band for a stated length: a word count, a page count or a duration in minutes."""
    if minutes is None and words:
        minutes = words / WORDS_PER_MINUTE
    if minutes is None and pages:
        minutes = pages * MINUTES_PER_PAGE
    if not minutes or minutes <= 0:
        return None
    return next((band for limit, band in _BANDS if minutes < limit), "weeks")


def json_object(body: bytes, source: str, skeleton: Metadata, required: str) -> dict[str, Any] | None:
    """The reply as a JSON object carrying `required`, or None with the skeleton's failure set."""
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError) as exc:
        skeleton.failure = f"{source}: malformed JSON ({exc})"
        return None
    if not isinstance(data, dict) or not clean(data.get(required)):
        skeleton.failure = f"{source}: reply has no {required}"
        return None
    return data
