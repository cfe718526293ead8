"""Reading a Markdown reading list into items, each with its line number and headings.

Awesome lists share a handful of shapes: bullets (`-`, `*`, `+`, `1.`) whose text may wrap
onto following lines, paragraphs such as the guide's `📝 **Title** - [link](url)`, and
tables. This module only finds items and their links; deciding what an item means is
`importer`'s job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)(?:[-*+]|\d{1,3}[.)])\s+(.*)$")
_TABLE_SEP = re.compile(r"^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_EMPTY_LINK = re.compile(r"\[\s*\]\([^)]*\)")
LINK = re.compile(r"\[((?:[^\[\]]|\[[^\[\]]*\])+)\]\(\s*<?(https?://[^\s)>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
BARE = re.compile(r"<?(?<![(\[\w/])(https?://[^\s)<>\]]+)>?")


@dataclass(slots=True)
class Link:
    text: str
    url: str
    start: int
    end: int


@dataclass(slots=True)
class Item:
    line: int
    kind: str  # "bullet", "para" or "row"
    text: str
    headings: tuple[str, ...]
    indent: int = 0
    after_blank: bool = True
    cells: list[str] = field(default_factory=list)

    def links(self) -> list[Link]:
        return find_links(self.text)


def find_links(text: str) -> list[Link]:
    """Markdown links first, then bare and <angle> URLs not already inside one; images and
    badge wrappers (`[![ci](badge.svg)](...)`) are not resources."""
    cleaned = _EMPTY_LINK.sub(lambda m: " " * len(m.group()), _IMAGE.sub(lambda m: " " * len(m.group()), text))
    found = [Link(m.group(1).strip(), m.group(2), m.start(), m.end()) for m in LINK.finditer(cleaned)]
    taken = [(link.start, link.end) for link in found]
    for m in BARE.finditer(cleaned):
        if not any(s <= m.start() < e for s, e in taken):
            url = m.group(1).rstrip(".,;:!?'\"")
            found.append(Link("", url, m.start(), m.start() + len(m.group())))
    return sorted(found, key=lambda link: link.start)


class _Reader:
    def __init__(self) -> None:
        self.items: list[Item] = []
        self.headings: list[tuple[int, str]] = []
        self.open: Item | None = None
        self.blank = True
        self.in_fence = False
        self.in_comment = False

    def heads(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.headings)

    def start(self, item: Item) -> None:
        self.items.append(item)
        self.open = item if item.kind != "row" else None

    def line(self, number: int, raw: str, next_raw: str) -> None:
        line = raw.rstrip()
        if self._skipped(line):
            return
        if not line.strip():
            self.open, self.blank = None, True
            return
        heading = _HEADING.match(line)
        bullet = _BULLET.match(line)
        if heading:
            level = len(heading.group(1))
            self.headings = [(lv, t) for lv, t in self.headings if lv < level] + [(level, heading.group(2))]
            self.open, self.blank = None, True
            return
        elif line.lstrip().startswith("|"):
            self._row(number, line, next_raw)
        elif bullet:
            indent = len(bullet.group(1).replace("\t", "    "))
            self.start(Item(number, "bullet", bullet.group(2), self.heads(), indent, self.blank))
        elif self.open is not None:
            self.open.text += " " + line.strip()
        else:
            self.start(Item(number, "para", line.strip(), self.heads(), 0, self.blank))
        self.blank = False

    def _skipped(self, line: str) -> bool:
        """Code blocks and HTML comments hold no entries (but often hold URLs)."""
        if _FENCE.match(line):
            self.in_fence = not self.in_fence
            return True
        if self.in_comment or line.lstrip().startswith("<!--"):
            self.in_comment = "-->" not in line
            return True
        return self.in_fence

    def _row(self, number: int, line: str, next_raw: str) -> None:
        self.open = None
        if _TABLE_SEP.match(line.strip()) or _TABLE_SEP.match(next_raw.strip()):
            return  # separator, or the header row above it
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        self.start(Item(number, "row", line.strip(), self.heads(), 0, self.blank, cells))


def _front_matter_end(lines: list[str]) -> int:
    """Jekyll/Hugo front matter (`---` ... `---`) is page metadata, not list content."""
    if lines and lines[0].strip() == "---":
        for i, line in enumerate(lines[1:], 1):
            if line.strip() == "---":
                return i + 1
    return 0


def read_items(text: str) -> list[Item]:
    reader = _Reader()
    lines = text.splitlines()
    for i in range(_front_matter_end(lines), len(lines)):
        raw = lines[i]
        reader.line(i + 1, raw, lines[i + 1] if i + 1 < len(lines) else "")
    return reader.items
