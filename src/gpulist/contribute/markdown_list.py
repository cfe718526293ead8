"""Reading a Markdown reading list with a CommonMark parser into items and their links.

markdown-it-py parses the list exactly as GitHub and MkDocs would render it, so a URL with
balanced parentheses, an `<angle>` URL, a reference-style link or a wrapped item come out
whole; bare URLs are links through linkify, as on GitHub. This module turns the parser's
tokens into items (list items, paragraphs, table rows and headings, each with its line,
headings and inline runs); deciding what an item means is `candidates`' job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from markdown_it import MarkdownIt
from markdown_it.token import Token

Kind = Literal["item", "para", "row", "heading"]
_BROKEN_OPEN = re.compile(r"\(([^()\[\]]+)\)\[$")  # '(text)[' right before a bare URL, then ']'


@dataclass(slots=True)
class Link:
    """A link target as the parser resolved it. `auto` for a bare or `<angle>` URL, whose
    text is the URL itself; `image` for a badge (`[![ci](badge.svg)](...)`), whose text is
    the image's alt text."""

    text: str
    url: str
    auto: bool = False
    image: bool = False


@dataclass(slots=True)
class Run:
    """A stretch of an item's inline text: plain text, or one link; `strong` inside `**`."""

    text: str
    link: Link | None = None
    strong: bool = False


@dataclass(slots=True)
class Item:
    line: int
    kind: Kind
    runs: list[Run]
    headings: tuple[str, ...]
    parent: int | None = None  # index of the enclosing list item, or of the paragraph a list follows directly
    cells: list[list[Run]] = field(default_factory=list)
    opens_guide: bool = False  # a paragraph with a list right below it (the guide's `📚 **Title**`)

    @property
    def text(self) -> str:
        return "".join(r.text for r in self.runs)

    def links(self) -> list[Link]:
        return [r.link for r in self.runs if r.link is not None]


def parser() -> MarkdownIt:
    """CommonMark with tables and bare-URL links: what GitHub shows as a link is a link.
    Fuzzy links (`example.com` without a scheme) stay text, as they do on GitHub."""
    md = MarkdownIt("commonmark", {"linkify": True}).enable(["linkify", "table"])
    md.linkify.set({"fuzzy_link": False, "fuzzy_email": False})
    return md


def runs_of(inline: Token) -> list[Run]:
    """An inline token's children as runs: emphasis and HTML dropped, code kept as code."""
    runs: list[Run] = []
    strong, link = 0, None
    for child in inline.children or []:
        kind = child.type
        if kind == "link_open":
            link = Link("", str(child.attrs.get("href", "")), child.info == "auto")
        elif kind == "link_close" and link is not None:
            runs.append(Run(link.text, link, strong > 0))
            link = None
        elif kind in ("strong_open", "strong_close"):
            strong += 1 if kind == "strong_open" else -1
        elif kind in ("text", "code_inline", "softbreak", "hardbreak", "image"):
            text = _text(child)
            if link is not None:
                link.text += text
                link.image = link.image or kind == "image"
            elif kind != "image":
                runs.append(Run(text, None, strong > 0))
    return _merge(_mend_broken(runs))


def _text(token: Token) -> str:
    if token.type == "code_inline":
        return f"`{token.content}`"
    if token.type in ("softbreak", "hardbreak"):
        return " "
    return token.content


def _mend_broken(runs: list[Run]) -> list[Run]:
    """`(text)[https://url]`, brackets swapped: the parser sees text and a bare URL; the
    author meant a link titled `text`."""
    for i in range(1, len(runs) - 1):
        before, link, after = runs[i - 1], runs[i].link, runs[i + 1]
        match = _BROKEN_OPEN.search(before.text)
        if link is not None and link.auto and before.link is None and match and after.text.startswith("]"):
            before.text = before.text[: match.start()]
            link.text, link.auto = match.group(1).strip(), False
            runs[i].text = link.text
            after.text = after.text[1:]
    return [r for r in runs if r.text or r.link is not None]


def _merge(runs: list[Run]) -> list[Run]:
    merged: list[Run] = []
    for run in runs:
        if merged and run.link is None and merged[-1].link is None and merged[-1].strong == run.strong:
            merged[-1].text += run.text
        else:
            merged.append(run)
    return merged


class _Walker:
    """Block tokens in order; keeps the heading path and the list items still open."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.headings: list[tuple[int, str]] = []
        self.open_items: list[int] = []  # indexes of list items being read
        self.in_head = False
        self.row: Item | None = None
        self.last_para: tuple[int, int] | None = None  # (index, end line) of the last top-level paragraph
        self.guide: int | None = None  # the paragraph the current top-level list belongs to

    def heads(self) -> tuple[str, ...]:
        return tuple(text for _, text in self.headings)

    def walk(self, tokens: list[Token]) -> list[Item]:
        for i, token in enumerate(tokens):
            handler = getattr(self, "_" + token.type, None)
            if handler is not None:
                handler(token, tokens, i)
        return self.items

    def _heading_open(self, token: Token, tokens: list[Token], i: int) -> None:
        level, inline = int(token.tag[1]), tokens[i + 1]
        runs = runs_of(inline)
        text = " ".join("".join(r.text for r in runs if not (r.link and r.link.image)).split())  # no badges
        self.headings = [(lv, t) for lv, t in self.headings if lv < level] + [(level, text)]
        if any(r.link for r in runs):
            self.items.append(Item(_line(token), "heading", runs, self.heads()[:-1]))
        self.last_para = None

    def _bullet_list_open(self, token: Token, tokens: list[Token], i: int) -> None:
        """A top-level list right below a paragraph, no blank line between, belongs to it."""
        if not self.open_items:
            below = self.last_para is not None and token.map is not None and self.last_para[1] == token.map[0]
            self.guide = self.last_para[0] if below and self.last_para else None
            if self.guide is not None:
                self.items[self.guide].opens_guide = True

    _ordered_list_open = _bullet_list_open

    def _list_item_open(self, token: Token, tokens: list[Token], i: int) -> None:
        parent = self.open_items[-1] if self.open_items else self.guide
        self.items.append(Item(_line(token), "item", [], self.heads(), parent))
        self.open_items.append(len(self.items) - 1)

    def _list_item_close(self, token: Token, tokens: list[Token], i: int) -> None:
        self.open_items.pop()

    def _paragraph_open(self, token: Token, tokens: list[Token], i: int) -> None:
        if self.row is not None:
            return
        runs = runs_of(tokens[i + 1])
        if self.open_items:
            item = self.items[self.open_items[-1]]
            item.runs = _merge(item.runs + ([Run(" ")] if item.runs else []) + runs)
            return
        self.items.append(Item(_line(token), "para", runs, self.heads()))
        self.last_para = (len(self.items) - 1, token.map[1] if token.map else -1)

    def _thead_open(self, token: Token, tokens: list[Token], i: int) -> None:
        self.in_head = True

    def _thead_close(self, token: Token, tokens: list[Token], i: int) -> None:
        self.in_head = False

    def _tr_open(self, token: Token, tokens: list[Token], i: int) -> None:
        self.row = None if self.in_head else Item(_line(token), "row", [], self.heads())

    def _inline(self, token: Token, tokens: list[Token], i: int) -> None:
        if self.row is not None and tokens[i - 1].type in ("td_open", "th_open"):
            self.row.cells.append(runs_of(token))

    def _tr_close(self, token: Token, tokens: list[Token], i: int) -> None:
        if self.row is not None:
            self.row.runs = [r for cell in self.row.cells for r in cell + [Run(" | ")]][:-1]
            self.items.append(self.row)
        self.row = None


def _line(token: Token) -> int:
    return token.map[0] + 1 if token.map else 0


def _without_front_matter(text: str) -> str:
    """Jekyll/Hugo front matter (`---` ... `---`) is page metadata, not list content; blank
    lines keep every later line number."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for i, line in enumerate(lines[1:], 1):
            if line.strip() == "---":
                return "\n" * (i + 1) + "\n".join(lines[i + 1:])
    return text


def read_items(text: str) -> list[Item]:
    """Every list item, paragraph, table row and linked heading, in document order. Code
    blocks and HTML (comments included) are never items."""
    return _Walker().walk(parser().parse(_without_front_matter(text)))


def link_targets(text: str) -> list[str]:
    """Every link target of a Markdown text as the parser resolves it: what an imported URL
    must come from (tests hold the importer to it)."""
    targets: list[str] = []
    for token in parser().parse(_without_front_matter(text)):
        for child in token.children or []:
            if child.type == "link_open":
                targets.append(str(child.attrs.get("href", "")))
    return targets
