"""Read the two sibling lists well enough to check that the catalog accounts for them.

Their items were added by hand (they are too irregular to convert: 001 glues items
together and names tools without links, 003 is a notebook of bare URLs), so these helpers
only extract what a test needs to prove that nothing was dropped: 001's bullet items,
003's URLs and its titled reading lists.
"""

from __future__ import annotations

import re

_URL = re.compile(r"https?://[^\s)\]>]+")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_CITATION = re.compile(r"^\[\d+\]\s*")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def list_items(text: str) -> list[str]:
    """Top-level bullet items ("- ..."), stripped."""
    return [line[2:].strip() for line in text.splitlines() if line.startswith("- ")]


def note_urls(text: str) -> list[str]:
    """Every link in the notes, bare or Markdown, in order; embedded images are screenshots, not resources."""
    found = _URL.findall(_IMAGE.sub("", text))
    return list(dict.fromkeys(url.rstrip(".,;") for url in found))


def section_items(text: str, heading: str) -> list[str]:
    """Bullet items under `## heading`, without citation numbers like "[91] " and with links as text."""
    items: list[str] = []
    inside = False
    for line in text.splitlines():
        if line.startswith("## "):
            inside = line[3:].strip() == heading
        elif inside and line.startswith("- "):
            item = _LINK.sub(r"\1", _CITATION.sub("", line[2:].strip()))
            items.append(item)
    return items
