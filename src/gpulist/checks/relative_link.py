"""A link in a note must be a full http(s) URL: a relative one is broken wherever it shows.

A note is shown on its topic page, in the README export at the repository's root, in
resources.json and in BibTeX: a target such as `foo.md`, `../topics/x/` or `#part` means
something different, or nothing, in each. Refusing it here, located at its line, is also
what lets the default engine build without its own link validation (see
`gpulist.publish.engine`): every other link of the site is written by gpulist itself and
followed by the build tests.
"""

from __future__ import annotations

import re

from gpulist.checks._util import at
from gpulist.checks.unsafe_markdown import without_code
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "relative-link"

# Inline links `[text](target)` and `[text](<target>)`, and reference definitions `[x]: target`.
_TARGET = re.compile(r"\]\(\s*<?([^)>\s]*)|^\s*\[[^\]]+\]:\s*<?(\S*?)>?(?:\s|$)", re.MULTILINE)
# A target with a scheme is not relative: javascript: and data: are unsafe-markdown's to refuse.
_SCHEME = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*:")


def relative_target(text: str) -> str | None:
    """The first link target in `text` that has no scheme (`foo.md`, `/x`, `#part`), if any."""
    if "](" not in text and "]:" not in text:  # most notes have no link: skip the regex
        return None
    for found in _TARGET.finditer(without_code(text)):
        target = found.group(1) if found.group(1) is not None else found.group(2)
        if target and not _SCHEME.match(target):
            return target
    return None


def check(catalog: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    for entry in catalog.entries:
        for i, note in enumerate(entry.resource.notes):
            target = relative_target(note)
            if target is not None:
                message = (f"link to '{target}' is not a full http(s) URL; it would be broken in the README "
                           "and resources.json: link the page by its whole address")
                problems.append(at(entry, ("notes", i), message, RULE))
    return problems
