"""The book's section titles, recovered from the index itself.

No table of contents comes with the seed, so the titles are inferred, most certain
evidence first:

1. ranges whose two ends are the same text ("Kernel Fusion-Kernel Fusion") give a title
   whatever commas or hyphens it holds;
2. pieces that never occur apart ("Distributed" always before "Parallel Filesystems and
   Object Stores") are one title, unless one of them is already a title on its own;
3. the remaining references are learned from entries split with what is known so far,
   repeating until nothing new appears; a hyphenated reference with one known end is a
   range that teaches the other end, and only when nothing else is left is a hyphenated
   text with no known end taken as one title ("Toward 100-Trillion-Parameter Models"),
   until an end of it is learned elsewhere.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from gpulist.seeds.index_refs import as_range, split_entry


@dataclass(slots=True)
class Entry:
    """What the title inference needs of an entry: its pieces and whether it must point somewhere."""

    parts: list[str]
    needs_ref: bool


def self_ranges(entries: list[Entry]) -> set[str]:
    titles: set[str] = set()
    for entry in entries:
        parts = entry.parts
        for i in range(1, len(parts)):
            for j in range(i + 1, len(parts) + 1):
                text = ", ".join(parts[i:j])
                half, mid = divmod(len(text), 2)
                if mid and text[half] == "-" and text[:half] == text[half + 1 :]:
                    titles.add(text[:half])
    return titles


def glue_companions(entries: list[Entry], titles: set[str]) -> None:
    """Merge neighbouring reference pieces that always occur together, until none do.

    "Together" allows the follower to open a range: "High-Speed" is always followed by
    "Low-Overhead Data Transfers with RDMA", sometimes as "...with RDMA-Pitfall #6: ...".
    """
    while True:
        glued = _companions(entries, titles)
        if not glued:
            return
        for entry in entries:
            entry.parts = _merge(entry.parts, glued)


def _companions(entries: list[Entry], titles: set[str]) -> set[tuple[str, str]]:
    followers: dict[str, list[str | None]] = defaultdict(list)
    preceders: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        refs = entry.parts[1:]
        for i, part in enumerate(refs):
            followers[part].append(refs[i + 1] if i + 1 < len(refs) else None)
            preceders[part].add(refs[i - 1] if i else "")
    glued: set[tuple[str, str]] = set()
    for part, after in followers.items():
        if None in after or _is_known(part, titles):
            continue
        first = min(after, key=len)  # type: ignore[arg-type]
        family = {q for q in preceders if q == first or q.startswith(first + "-")}
        if not _is_known(first, titles) and set(after) <= family and all(preceders[q] == {part} for q in family):
            glued.update((part, q) for q in family)
    return glued


def _is_known(text: str, titles: set[str]) -> bool:
    return as_range(text, titles) is not None


def _merge(parts: list[str], glued: set[tuple[str, str]]) -> list[str]:
    out = parts[:1]
    for part in parts[1:]:
        if len(out) > 1 and (out[-1], part) in glued:
            out[-1] = f"{out[-1]}, {part}"
        else:
            out.append(part)
    return out


def learn_titles(entries: list[Entry], titles: set[str], max_rounds: int = 50) -> set[str]:
    """Grow `titles` from the references that entries cannot do without."""
    titles = set(titles)
    for _ in range(max_rounds):
        learned, deferred = _unknown_refs(entries, titles)
        if not learned and not deferred:
            break
        titles = _without_ranges(titles | (learned or deferred))
    return titles


def _without_ranges(titles: set[str]) -> set[str]:
    """A hyphenated text taken whole as a last resort turns out to be a range once one of
    its ends is learned elsewhere: "Scaling with PyTorch Distributed-Multi-GPU Profiling
    with HTA" once "Multi-GPU Profiling with HTA" is known."""
    while True:
        for title in sorted(t for t in titles if "-" in t):
            others = titles - {title}
            ends = _half_known_range(title, others) or _both_known(title, others)
            if ends:
                titles = others | ends
                break
        else:
            return titles


def _both_known(text: str, titles: set[str]) -> set[str]:
    ref = as_range(text, titles)
    return {ref.section, ref.to or ref.section} if ref else set()


def _unknown_refs(entries: list[Entry], titles: set[str]) -> tuple[set[str], set[str]]:
    learned: set[str] = set()
    deferred: set[str] = set()
    for entry in entries:
        for ref in split_entry(entry.parts, titles, needs_ref=entry.needs_ref).refs:
            if ref.known:
                continue
            ends = _half_known_range(ref.section, titles)
            if ends:
                learned.update(ends - titles)
            elif "-" in ref.section:
                deferred.add(ref.section)
            else:
                learned.add(ref.section)
    return learned, deferred


def _half_known_range(text: str, titles: set[str]) -> set[str]:
    for i, char in enumerate(text):
        start, end = text[:i], text[i + 1 :]
        if char == "-" and start and end and not end.startswith(" ") and (start in titles) != (end in titles):
            return {start, end}
    return set()


def infer_titles(entries: list[Entry]) -> set[str]:
    """All three steps; `entries` have their pieces glued in place by step 2."""
    titles = self_ranges(entries)
    glue_companions(entries, titles)
    return learn_titles(entries, titles)
