"""From a feed's bytes to items, with feedparser, and what to call a feed that is not one.

feedparser gets the bytes as a stream, never a string: a string is a URL or a file name
to feedparser, and it would fetch or open it. Its HTML sanitizer is off because nothing
here is shown as HTML: titles and summaries are reduced to plain text. Malformed XML
that feedparser still reads completely (an undeclared `&nbsp;`, say) is accepted with a
note; one that loses items or fields on the way is an error, as is an HTML page.

Entities are never expanded beyond what feedparser does safely, so a broken feed read
leniently can leave titles such as `&j;` (an undeclared entity) or `leak &x;` (an external
one, rightly unresolved). An item whose title is empty, only such references or markup
debris, or carries one, names nothing a curator could accept: it is left out, and counted.
"""

from __future__ import annotations

import datetime as dt
import html
import io
import re
from dataclasses import dataclass
from typing import Any

from gpulist.identity import arxiv_id, without_tracking

_BLOCK_TAG = re.compile(r"</?(?:p|br|div|li|ul|ol|h[1-6]|tr|td|th|blockquote|pre|hr|table)\b[^>]*>", re.IGNORECASE)
_TAG = re.compile(r"<[^>]*>")
_SPACE = re.compile(r"\s+")
_REFERENCE = re.compile(r"&#?\w+;")  # an entity or character reference left as text
_HTML_START = re.compile(rb"^\s*(?:<!--.*?-->\s*)*<(?:!doctype\s+html|html[\s>])", re.IGNORECASE | re.DOTALL)


class NotAFeed(Exception):
    """The bytes are not a usable feed; the message says why, for the source's `detail`."""


@dataclass(frozen=True, slots=True)
class Item:
    title: str
    url: str | None
    published: dt.datetime | None
    authors: tuple[str, ...] = ()
    summary: str = ""


@dataclass(frozen=True, slots=True)
class Parsed:
    items: list[Item]
    note: str = ""  # set when malformed XML was read leniently
    unusable: int = 0  # items left out for their title (see unusable_title)

    @property
    def detail(self) -> str:
        """What the source's report says about the feed itself."""
        left_out = (f"{self.unusable} item(s) left out: a title that is empty, markup or entity debris, or "
                    "an unexpanded &name; reference") if self.unusable else ""
        return "; ".join(part for part in (self.note, left_out) if part)


def parse_feed(body: bytes, content_type: str = "", base_url: str = "", summary_chars: int = 400) -> Parsed:
    """Raises NotAFeed; a plain function of bytes, so a worker process can run it."""
    import feedparser  # here: 60 ms of import that only runs that fetched a feed pay

    if not body.strip():
        raise NotAFeed("empty response, not a feed")
    headers = {"content-type": content_type or "application/xml", "content-location": base_url}
    parsed = feedparser.parse(io.BytesIO(body), response_headers=headers, sanitize_html=False,
                              resolve_relative_uris=False)
    _check_is_feed(parsed, body, content_type)
    items = [_item(entry, summary_chars) for entry in parsed.entries]
    note = _leniency(parsed, items)
    usable = [item for item in items if not unusable_title(item.title)]
    return Parsed(usable, note, len(items) - len(usable))


def unusable_title(title: str) -> bool:
    """Empty, only references and punctuation (`&j;`, `<>`), or carrying a reference that
    parsing left unexpanded (`leak &x;`): no post is called that."""
    return _REFERENCE.search(title) is not None or not re.search(r"\w", title)


def _check_is_feed(parsed: Any, body: bytes, content_type: str) -> None:
    if parsed.get("version"):
        return
    if "html" in content_type.lower() or _HTML_START.match(body[:4096]):
        raise NotAFeed("an HTML page, not a feed")
    problem = parsed.get("bozo_exception")
    raise NotAFeed(f"not a feed: malformed XML ({problem})" if problem else "not a feed (no RSS or Atom found)")


def _leniency(parsed: Any, items: list[Item]) -> str:
    """Malformed XML is fine only when nothing was lost; a half-read item is an error."""
    problem = parsed.get("bozo_exception") if parsed.get("bozo") else None
    if problem is None or not _is_xml_error(problem):
        return ""
    if not items or any(not item.title or not item.url for item in items):
        raise NotAFeed(f"malformed XML: {problem}")
    return f"malformed XML read leniently ({problem})"


def _is_xml_error(problem: BaseException) -> bool:
    import xml.sax

    return isinstance(problem, xml.sax.SAXException)


def _item(entry: Any, summary_chars: int) -> Item:
    return Item(_text(entry, "title"), _link(entry), _published(entry),
                tuple(a["name"].strip() for a in entry.get("authors", []) if a.get("name", "").strip()),
                _text(entry, "summary")[:summary_chars].rstrip())


def _text(entry: Any, name: str) -> str:
    """Markup is removed only where the feed declares it (Atom `type="html"`, RSS descriptions):
    a plain-text title may well say `<fast>`."""
    value = entry.get(name, "") or ""
    kind = (entry.get(f"{name}_detail") or {}).get("type", "text/html")
    return plain(value) if "html" in kind else " ".join(value.split())


def _link(entry: Any) -> str | None:
    """The item's page: its link, else an Atom id that is a URL; an arXiv abs page without its
    version; no tracking parameters."""
    link = entry.get("link") or entry.get("id") or ""
    if not link.startswith(("http://", "https://")):
        return None
    paper = arxiv_id(link)
    return f"https://arxiv.org/abs/{paper}" if paper and "/abs/" in link else without_tracking(link)


def _published(entry: Any) -> dt.datetime | None:
    moment = entry.get("published_parsed") or entry.get("updated_parsed")
    return dt.datetime(*moment[:6], tzinfo=dt.timezone.utc) if moment else None


def plain(text: str) -> str:
    """Feed HTML as text: block tags become spaces, inline tags vanish, entities are decoded."""
    return _SPACE.sub(" ", html.unescape(_TAG.sub("", _BLOCK_TAG.sub(" ", text or "")))).strip()
