"""From a Markdown item to a candidate entry: title, URL, description, secondary links.

The first link is the entry and the rest become its `links`, except in the guide's own
style (`📝 **Title** - [site.com/path](url)`), where the bold text is the title and the
link text is only a display URL.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpulist.contribute.entry import safe_text
from gpulist.contribute.markdown_list import Item, Link, find_links

EMOJI_TYPES = {"📄": "paper", "📝": "blog", "🎥": "video", "📚": "book", "💻": "code"}
FAVORITE = "🔥"
NAVIGATION = "table-of-contents link"  # `- [Tiers](#tiers)`: navigation, not an entry
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_SHORTCODE = re.compile(r":[\w+-]+:")
_DECOR = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\u2B50\uFE0F]")
_SEPARATORS = " \t-–—:|,;·•："
_EMPTY_PAIR = re.compile(r"\[\s*\]|\(\s*\)")


@dataclass(slots=True)
class Candidate:
    line: int
    title: str
    url: str
    notes: list[str] = field(default_factory=list)
    links: list[dict[str, str]] = field(default_factory=list)
    type: str | None = None
    favorite: bool = False
    headings: tuple[str, ...] = ()


def plain(text: str) -> str:
    """Title text without emphasis, emoji, shortcodes or HTML."""
    text = _DECOR.sub("", _SHORTCODE.sub("", text)).replace("**", "").replace("__", "")
    text = _EMPTY_PAIR.sub("", safe_text(text) or "").strip(_SEPARATORS + "*_")
    if text.startswith("[") and text.endswith("]") and text.count("[") == 1:
        text = text[1:-1].strip()  # '[KAUST]'
    return " ".join(text.split())


def _looks_like_url(text: str) -> bool:
    return not text or (" " not in text.strip() and ("." in text or "/" in text))


def _primary(item: Item, links: list[Link]) -> tuple[str, Link]:
    bold = _BOLD.search(item.text)
    first = links[0]
    if _looks_like_url(first.text):
        if bold and bold.start() < first.start:
            return plain(bold.group(1) or bold.group(2)), first
        return plain(item.text[: first.start]) or plain(first.text), first
    return plain(first.text), first


def _remove(text: str, spans: list[Link]) -> str:
    for link in sorted(spans, key=lambda s: -s.start):
        text = text[: link.start] + text[link.end:]
    return text


def _secondary(links: list[Link], primary: Link) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for link in links:
        title = plain(link.text) or link.url.split("//", 1)[-1].split("/", 1)[0]
        if link is not primary and link.url != primary.url and all(o["url"] != link.url for o in out):
            out.append({"title": title, "url": link.url})
    return out


def from_item(item: Item) -> Candidate | str:
    """A candidate, or why this item cannot be one (the summary shows the reason)."""
    if item.kind == "row":
        return _from_row(item)
    links = item.links()
    if not links:
        return NAVIGATION if "](#" in item.text else "no link"
    title, primary = _primary(item, links)
    if not title:
        return "bare URL without a title"
    later = [link for link in links if link.start >= primary.end]
    description = plain(_remove(item.text, later)[primary.end:])
    return Candidate(item.line, title, primary.url, [description] if description else [], _secondary(links, primary),
                     emoji_type(item.text), FAVORITE in item.text, item.headings)


def _from_row(item: Item) -> Candidate | str:
    for i, cell in enumerate(item.cells):
        links = find_links(cell)
        if links:
            others = [find_links(c) for c in item.cells]
            extra = [link for j, ls in enumerate(others) for link in ls if j != i] + links[1:]
            title = plain(links[0].text) or plain(_remove(cell, links))
            if not title:
                return "table row without a title"
            texts = [plain(c) for j, c in enumerate(item.cells) if j != i and not others[j]]
            notes = [t for t in texts if t and len(t) > 3][:1]
            return Candidate(item.line, title, links[0].url, notes, _secondary(extra + [links[0]], links[0]),
                             emoji_type(item.text), FAVORITE in item.text, item.headings)
    return "table row without a link"


def emoji_type(text: str) -> str | None:
    return next((kind for mark, kind in EMOJI_TYPES.items() if mark in text), None)
