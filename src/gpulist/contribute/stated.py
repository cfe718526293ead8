"""What an imported list item says of itself: the year it names, and a length it states.

Curated Markdown lists often write "— Tri Dao (2023)" or "45 min", "1:23:45", "12 pages".
`gpulist import` takes those as the entry's `year` and `effort`, the way `gpulist new`
takes them from a page's metadata; it never guesses one that the item does not state. A
year must be in brackets (a bare 2023 in a title is as likely a model or a version), and
not in the future.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from gpulist.contribute.metadata.base import effort_band

_YEAR = re.compile(r"\((19[5-9]\d|20\d\d)\)")
_MINUTES = re.compile(r"\b(\d{1,4})\s*(?:min|mins|minutes?)\b(?:\s*read)?", re.IGNORECASE)
_HOURS = re.compile(r"\b(\d{1,3}(?:\.\d)?)\s*(?:h|hrs?|hours?)\b", re.IGNORECASE)
_CLOCK = re.compile(r"\b(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\b")
_PAGES = re.compile(r"\b(\d{1,4})\s*pages?\b", re.IGNORECASE)


def stated_year(texts: Iterable[str], today: dt.date | None = None) -> int | None:
    this_year = (today or dt.date.today()).year
    for text in texts:
        found = _YEAR.search(text)
        if found and int(found.group(1)) <= this_year:
            return int(found.group(1))
    return None


def stated_effort(texts: Iterable[str]) -> str | None:
    """The band for the first length an item states: minutes, hours, a video's h:mm:ss, pages."""
    for text in texts:
        if m := _MINUTES.search(text):
            return effort_band(minutes=int(m.group(1)))
        if m := _HOURS.search(text):
            return effort_band(minutes=float(m.group(1)) * 60)
        if m := _CLOCK.search(text):
            return effort_band(minutes=int(m.group(1) or 0) * 60 + int(m.group(2)) + int(m.group(3)) / 60)
        if m := _PAGES.search(text):
            return effort_band(pages=int(m.group(1)))
    return None
