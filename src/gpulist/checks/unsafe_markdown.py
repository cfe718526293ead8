"""Notes are Markdown rendered on the site: raw HTML and script URLs are refused.

Rejecting at validation time (rather than only escaping at render time) tells the
contributor immediately, and keeps every export (README, JSON) safe as well.
"""

from __future__ import annotations

import re

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "unsafe-markdown"

_HTML_TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")
_EVENT_ATTR = re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE)
_BAD_LINK = re.compile(r"\]\(\s*<?\s*(javascript|data|vbscript|file):", re.IGNORECASE)
_BAD_AUTOLINK = re.compile(r"<\s*(javascript|data|vbscript):", re.IGNORECASE)


def unsafe_reason(text: str) -> str | None:
    if _BAD_LINK.search(text) or _BAD_AUTOLINK.search(text):
        return "links must be http(s): script and data URLs are not allowed"
    if _HTML_TAG.search(text):
        return "raw HTML is not allowed in notes: use Markdown (put code like <T> in `backticks`)"
    if _EVENT_ATTR.search(text) and "<" in text:
        return "HTML event attributes (onerror=, onclick=...) are not allowed"
    return None


def check(catalog: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    for entry in catalog.entries:
        texts = [(("title",), entry.resource.title)] + [(("notes", i), n) for i, n in enumerate(entry.resource.notes)]
        for loc, text in texts:
            reason = unsafe_reason(_without_code(text))
            if reason:
                problems.append(at(entry, loc, reason, RULE))
    return problems


def _without_code(text: str) -> str:
    """Text inside backticks is shown literally, so it cannot inject anything."""
    return re.sub(r"`[^`]*`", "", text)
