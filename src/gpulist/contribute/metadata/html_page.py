"""What an HTML page says about itself: meta tags, JSON-LD and <title>, read with the stdlib parser.

html.parser copes with the broken markup real pages have and needs no dependency; we
only collect, never build a tree.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any


@dataclass(slots=True)
class PageFacts:
    meta: dict[str, list[str]] = field(default_factory=dict)  # name or property -> contents, in order
    json_ld: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""
    words: int = 0  # words of visible text outside <script>, <style>, <nav>, <header> and <footer>

    def first(self, *names: str) -> str | None:
        for name in names:
            for value in self.meta.get(name, []):
                if value.strip():
                    return value
        return None

    def all(self, name: str) -> list[str]:
        return [v for v in self.meta.get(name, []) if v.strip()]


_NOT_TEXT = {"script", "style", "nav", "header", "footer", "noscript", "svg", "template"}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.facts = PageFacts()
        self._in: str | None = None
        self._buffer: list[str] = []
        self._skipping = 0  # depth inside elements whose text is not reading (scripts, menus)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {k.lower(): v or "" for k, v in attrs}
        if tag in _NOT_TEXT:
            self._skipping += 1
        if tag == "meta":
            name = (attributes.get("name") or attributes.get("property") or "").strip().lower()
            if name and "content" in attributes:
                self.facts.meta.setdefault(name, []).append(attributes["content"])
        elif tag == "title" and not self.facts.title:
            self._in, self._buffer = "title", []
        elif tag == "script" and attributes.get("type", "").lower() == "application/ld+json":
            self._in, self._buffer = "ld", []

    def handle_data(self, data: str) -> None:
        if self._in:
            self._buffer.append(data)
        elif not self._skipping:
            self.facts.words += len(data.split())

    def handle_endtag(self, tag: str) -> None:
        if tag in _NOT_TEXT and self._skipping:
            self._skipping -= 1
        if self._in == "title" and tag == "title":
            self.facts.title = "".join(self._buffer)
            self._in = None
        elif self._in == "ld" and tag == "script":
            self.facts.json_ld.extend(_json_ld("".join(self._buffer)))
            self._in = None


def _json_ld(text: str) -> list[dict[str, Any]]:
    """Objects of a JSON-LD block, flattening lists and @graph; broken JSON is ignored."""
    try:
        data = json.loads(text)
    except ValueError:
        return []
    items = data if isinstance(data, list) else [data]
    out: list[dict[str, Any]] = []
    for item in items:
        if isinstance(item, dict):
            out.append(item)
            out.extend(g for g in item.get("@graph", []) if isinstance(g, dict))
    return out


def collect(text: str) -> PageFacts:
    parser = _Collector()
    parser.feed(text)
    parser.close()
    return parser.facts
