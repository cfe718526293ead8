"""One index entry's own text, split into the term, its cross references and its pieces.

An entry reads `term, Section, Section-Section` or `term (see X; Y)`, or is a bare
`(see also X)` line standing for a cross reference of its parent. Both the term and
section titles may contain ", ", so the comma-separated chunks are first glued into
*pieces* where the text itself says a chunk cannot start anything new: a chunk that
continues an open parenthesis, starts with a lowercase word ("errors, or shuts down") or
with "and"/"or" (the tail of "Threads, Warps, Blocks, and Grids"). Deciding which pieces
are the term and which are sections needs the book's section titles; see index_refs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_CONTINUATION = re.compile(r"^(?:and|or|&)\b|^[a-z]")
_LIST_END = re.compile(r"^(?:and|or) ")


@dataclass(frozen=True, slots=True)
class EntryText:
    head: str
    see: list[str] = field(default_factory=list)
    see_also: list[str] = field(default_factory=list)


def split_cross_refs(text: str) -> EntryText:
    """Cut a trailing "(see ...)" or "(see also ...)" off the entry, balancing parentheses
    because targets have their own: "(see Fire-Flyer File System (3FS; DeepSeek))"."""
    text = text.strip()
    start = _see_start(text)
    if start is None:
        return EntryText(text)
    inner = text[start + 1 : -1]
    also = inner.startswith("see also ")
    targets = split_top_level(inner.removeprefix("see also ").removeprefix("see "), "; ")
    head = text[:start].strip()
    return EntryText(head, [] if also else targets, targets if also else [])


def _see_start(text: str) -> int | None:
    if not text.endswith(")"):
        return None
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return i if text.startswith(("(see ", "(see also "), i) else None
    return None


def split_top_level(text: str, sep: str) -> list[str]:
    """Split on `sep` outside parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        if text[i] in "()":
            depth += 1 if text[i] == "(" else -1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i].strip())
            start = i = i + len(sep)
            continue
        i += 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def pieces(head: str) -> list[str]:
    """Comma-separated chunks, glued where a chunk can only be the continuation of the last.

    A serial comma needs three items, so "X, and Y" also takes the piece before X:
    "PyTorch, CUDA Pipeline API, and Warp Specialization" is one title, never two."""
    out: list[str] = []
    for chunk in head.split(", "):
        if out and (_CONTINUATION.match(chunk) or out[-1].count("(") > out[-1].count(")")):
            if _LIST_END.match(chunk) and ", " not in out[-1] and len(out) > 1:
                out[-2:] = [f"{out[-2]}, {out[-1]}"]
            out[-1] = f"{out[-1]}, {chunk}"
        else:
            out.append(chunk)
    return out
