"""Notes are Markdown rendered on the site: raw HTML and script URLs are refused.

Rejecting at validation time (rather than only escaping at render time) tells the
contributor immediately, and keeps every export (README, JSON) safe as well.
"""

from __future__ import annotations

import html
import re

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "unsafe-markdown"

# A tag name right after `<` (as HTML and CommonMark require), then `>`, `/` or a space:
# so `a < b > c` in prose and autolinks like <https://example.org> are not HTML.
_HTML_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*(?:[\s/][^>]*)?>")
_EVENT_ATTR = re.compile(r"\bon[a-z]+\s*=", re.IGNORECASE)
# Inline links `](x:`, reference definitions `]: x:` and autolinks `<x:`, matched on the
# squashed view below, where whitespace and control characters are already gone.
_BAD_LINK = re.compile(r"(\]\(<?|\]:<?|<|=[\"']?)(javascript|data|vbscript|file):", re.IGNORECASE)
# Attribute lists, `[x](https://a){ onclick="..." }`: Markdown's attr_list turns them into
# real HTML attributes, so an event handler there is as live as in a tag.
_ATTR_LIST_EVENT = re.compile(r"\{[^{}]*\bon[a-z]+\s*=[^{}]*\}", re.IGNORECASE)
_INVISIBLE = re.compile(r"[\x00-\x20\x7f]+")
# A code span per CommonMark: a backtick run closed by a run of the same length. An
# escaped backtick opens nothing, so `\`[x](javascript:...)`` is not hidden as code.
_CODE_SPAN = re.compile(r"(?<![`\\])(`+)(?!`)(.*?)(?<!`)\1(?!`)", re.DOTALL)


def _squashed(text: str) -> str:
    """The text as a browser reads a link: entities decoded, whitespace and controls dropped.

    `&#106;avascript:` and `java<TAB>script:` are both `javascript:` to a browser.
    """
    return _INVISIBLE.sub("", html.unescape(text) if "&" in text else text)


def unsafe_reason(text: str) -> str | None:
    # Fast paths matter at 10,000 entries: no scheme without ':' (or an entity for it), no tag without '<'.
    if (":" in text or "&" in text) and _BAD_LINK.search(_squashed(text)):
        return "links must be http(s): script and data URLs are not allowed"
    if "{" in text and _ATTR_LIST_EVENT.search(text):
        return "event handlers in attribute lists ({ onclick=... }) are not allowed"
    if "<" not in text:
        return None
    if _HTML_TAG.search(text):
        return "raw HTML is not allowed in notes: use Markdown (put code like <T> in `backticks`)"
    if _EVENT_ATTR.search(text):
        return "HTML event attributes (onerror=, onclick=...) are not allowed"
    return None


def check(catalog: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    for entry in catalog.entries:
        texts = [(("title",), entry.resource.title)] + [(("notes", i), n) for i, n in enumerate(entry.resource.notes)]
        for loc, text in texts:
            reason = unsafe_reason(without_code(text))
            if reason:
                problems.append(at(entry, loc, reason, RULE))
    return problems


def without_code(text: str) -> str:
    """Text inside backticks is shown literally, so it cannot inject anything."""
    return _CODE_SPAN.sub("", text) if "`" in text else text
