"""Which pieces of an entry are its term and which are section references.

Given the book's section titles, an entry's pieces (see index_entry) are split into a
term (one piece or more: "versus TP, PP, and hybrid") and a run of references, each a
title or a range "Title-Title". Titles contain hyphens ("Multi-GPU Programming") and
commas, so a reference may span several pieces and a hyphen only splits a range where
both sides are known titles. Among all splits, the cheapest wins: known references are
cheap, unknown text dear (per piece), and every extra piece taken into the term costs
something, more for long pieces, so a comma stays inside the term only when what follows
it reads as no section of the book.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass
from functools import lru_cache

KNOWN, UNKNOWN, TERM_WORD, TERM_PHRASE = 1, 3, 2, 4


@dataclass(frozen=True, slots=True)
class Ref:
    section: str
    to: str | None = None
    known: bool = True


@dataclass(frozen=True, slots=True)
class Split:
    term: str
    refs: tuple[Ref, ...]
    cost: int


def as_range(text: str, titles: Set[str]) -> Ref | None:
    """A known title, or "A-B" with both ends known; equal ends make a single reference."""
    if text in titles:
        return Ref(text)
    for i, char in enumerate(text):
        if char == "-" and text[:i] in titles and text[i + 1 :] in titles:
            start, end = text[:i], text[i + 1 :]
            return Ref(start, None if start == end else end)
    return None


def _cost(ref: Ref, width: int) -> int:
    """Unknown text costs per piece, plus one for gluing pieces: without evidence, a comma
    is more likely to separate two titles than to sit inside one."""
    if ref.known:
        return KNOWN
    return UNKNOWN * width + (width > 1)


def _term_cost(part: str) -> int:
    """A short piece ("FP8", "Martin") more likely continues the term than names an
    unknown section; a longer one ("Tuning Occupancy with PyTorch") more likely a section."""
    return TERM_WORD if len(part.split()) <= 2 else TERM_PHRASE


def split_entry(parts: list[str], titles: Set[str], *, needs_ref: bool) -> Split:
    """The cheapest term/references split; `needs_ref` when an entry has no sub-entries and
    so must point somewhere (only entries with sub-entries may stand alone)."""
    n = len(parts)

    @lru_cache(maxsize=None)
    def refs_from(i: int) -> tuple[int, tuple[Ref, ...]]:
        if i == n:
            return 0, ()
        options = []
        for j in range(i + 1, n + 1):
            text = ", ".join(parts[i:j])
            ref = as_range(text, titles) or Ref(text, known=False)
            cost, rest = refs_from(j)
            options.append((cost + _cost(ref, j - i), j, (ref, *rest)))
        cost, _, refs = min(options, key=lambda o: (o[0], o[1]))
        return cost, refs

    best: Split | None = None
    last = n - 1 if needs_ref and n > 1 else n
    for k in range(1, last + 1):
        cost, refs = refs_from(k)
        cost += sum(_term_cost(part) for part in parts[1:k])
        if best is None or cost < best.cost:
            best = Split(", ".join(parts[:k]), refs, cost)
    assert best is not None  # parts is never empty
    return best
