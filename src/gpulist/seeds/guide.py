"""Parse the repaired seed guide into plain entries, before any catalog decisions.

The guide is hand-written Markdown with a regular shape:

    ## 4. Attention & Memory-Bound Kernels
    ### Tier 1: FlashAttention
    📄 **FlashAttention: ...** - Dao et al. 🔥
    - [arxiv.org/abs/2205.14135](https://arxiv.org/abs/2205.14135)
    - Original paper: IO-aware exact attention

Parsing keeps what the guide says and nothing more; choosing ids, tags and better
titles is left to `convert` and to the hand review that follows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

TYPE_OF_EMOJI = {"📄": "paper", "📝": "blog", "🎥": "video", "📚": "book", "💻": "code"}
NEW, FAVORITE = "✨", "🔥"

_SECTION = re.compile(r"^## (\d+)\. (.+)$")
_SUBSECTION = re.compile(r"^### (?:Tier (\d): )?(.+)$")
_ENTRY = re.compile(r"^(\S+) \*\*(.+?)\*\*(.*)$")
_LINK = re.compile(r"\[([^\]]+)\]\((https?://[^)\s]+)\)")
_ONLY_LINK = re.compile(r"^\[[^\]]+\]\((https?://[^)\s]+)\)$")


@dataclass(frozen=True)
class Link:
    title: str
    url: str


@dataclass
class GuideEntry:
    """One emoji-led entry, located by section number and tier or group title."""

    section: int
    subsection: str
    tier: int | None
    kind: str
    title: str
    authors: list[str] = field(default_factory=list)
    url: str | None = None
    notes: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    new: bool = False
    favorite: bool = False


def parse_guide(text: str) -> list[GuideEntry]:
    """Entries in guide order; text outside the numbered sections (Contributing...) is ignored."""
    entries: list[GuideEntry] = []
    section, subsection, tier = 0, "", None
    current: GuideEntry | None = None
    for line in (raw.rstrip() for raw in text.splitlines()):
        if line.startswith("## "):
            match = _SECTION.match(line)
            section = int(match.group(1)) if match else 0
            subsection, tier, current = "", None, None
        elif section and (match := _SUBSECTION.match(line)):
            tier = int(match.group(1)) if match.group(1) else None
            subsection, current = match.group(2).strip(), None
        elif section and (found := _entry(line, section, subsection, tier)):
            current = found
            entries.append(current)
        elif current is not None and line.startswith("- "):
            _add_bullet(current, line[2:].strip())
    return entries


def _entry(line: str, section: int, subsection: str, tier: int | None) -> GuideEntry | None:
    match = _ENTRY.match(line)
    if not match or match.group(1) not in TYPE_OF_EMOJI:
        return None
    rest = match.group(3)
    entry = GuideEntry(section, subsection, tier, TYPE_OF_EMOJI[match.group(1)], match.group(2).strip())
    entry.new, entry.favorite = NEW in rest, FAVORITE in rest
    rest = rest.replace(NEW, "").replace(FAVORITE, "").strip()
    if link := _LINK.search(rest):
        entry.url = link.group(2)
        rest = _LINK.sub("", rest)
    rest = rest.strip().removeprefix("-").strip()
    entry.authors = [a.strip() for a in rest.split(",") if a.strip()]
    return entry


def _add_bullet(entry: GuideEntry, text: str) -> None:
    """A bullet that is only a link gives the entry its URL; other links become `links`."""
    if (only := _ONLY_LINK.match(text)) and entry.url is None:
        entry.url = only.group(1)
        return
    for title, url in _LINK.findall(text):
        if url != entry.url:
            entry.links.append(Link(title, url))
    entry.notes.append(text)
