"""Does an HTML page define the anchor a `#fragment` points at?

Read incrementally and stop as soon as the anchor is seen, so a long page costs only the
bytes before its anchor; the caller bounds the total read.
"""

from __future__ import annotations

import codecs
from html.parser import HTMLParser
from urllib.parse import unquote

HTML_TYPES = ("text/html", "application/xhtml+xml")


def needs_check(fragment: str) -> bool:
    """Fragments no page defines as an id: empty, `top` (HTML spec), text fragments, JS routes."""
    if not fragment or fragment.lower() == "top":
        return False
    return not fragment.startswith((":~:", "!", "/"))


def wanted_ids(fragment: str, host: str) -> set[str]:
    """GitHub renders README headings with a `user-content-` prefix and rewrites links in JS."""
    names = {fragment, unquote(fragment)}
    if host.endswith("github.com"):
        names |= {f"user-content-{n}" for n in names}
    return names


class AnchorFinder(HTMLParser):
    def __init__(self, wanted: set[str], encoding: str = "utf-8") -> None:
        super().__init__(convert_charrefs=True)
        try:
            self._decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        except LookupError:
            self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self.wanted = wanted
        self.found = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.found:
            return
        for name, value in attrs:
            if value is not None and (name == "id" or (name == "name" and tag == "a")) and value in self.wanted:
                self.found = True
                return

    handle_startendtag = handle_starttag

    def feed_bytes(self, chunk: bytes) -> bool:
        """Multi-byte characters may straddle chunks; the incremental decoder keeps them whole."""
        self.feed(self._decoder.decode(chunk))
        return self.found
