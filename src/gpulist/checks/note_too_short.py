"""Every entry has a note that teaches: what a reader learns, and why this entry.

Measured as the longest note's words: under twelve, a note can name a topic ("vLLM
performance analysis") but not say what the reader will be able to do. A warning, since a
short note is still better than a missing entry. An entry with no note at all is
`note-missing`'s error, not reported twice here.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "note-too-short"
MIN_WORDS = 12


def longest_note_words(notes: list[str]) -> int:
    return max((len(n.split()) for n in notes), default=0)


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for e in catalog.entries:
        words = longest_note_words(e.resource.notes)
        if e.resource.notes and words < MIN_WORDS:
            problems.append(at(e, ("notes",), f"note too short: no note of {MIN_WORDS}+ words saying what a reader "
                                       f"learns here (longest: {words})", RULE, "warning"))
    return problems
