"""The checker's own small vocabulary for one HTTP exchange, and how one can fail.

fetch.py needs little from HTTP: send a request, read the status and a few headers,
perhaps stream part of the body, and know *how* a request failed (timeout, refused
connection, TLS, garbage). It used to borrow httpx's models for that, over aiohttp:
building an httpx Request and Response cost more CPU per URL than the rest of our
per-URL work, and importing httpx (whose package also loads its own command-line client:
click, rich, pygments) was the largest single part of check-links' start-up, paid again
by every pull-request run checking two links. So the link checker speaks this instead:
`transport.AiohttpWire` implements it over aiohttp, tests implement it in a few lines.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from typing import Protocol


class WireError(Exception):
    """No HTTP answer came back; the subclass says how the request failed."""


class Timeout(WireError):
    pass


class ConnectTimeout(Timeout):
    pass


class ReadTimeout(Timeout):
    pass


class ConnectFailed(WireError):
    """Refused, unreachable, or not allowed by the SSRF guard."""


class TLSFailed(WireError):
    pass


class ProtocolError(WireError):
    """What came back was not a valid HTTP answer."""


class Reset(WireError):
    """The connection broke while sending or reading."""


class BadURL(ValueError):
    """The URL cannot be sent at all: proof the link is broken, not a failure worth retrying."""


class Response(Protocol):
    status: int
    raw_headers: Sequence[tuple[bytes, bytes]]  # as received, in order
    charset: str | None  # from Content-Type, if it names one

    def chunks(self, size: int) -> AsyncIterator[bytes]: ...

    async def read(self) -> bytes: ...

    def close(self) -> None:
        """Free the connection for reuse when the body was read to its end; else drop it unread."""


class Wire(Protocol):
    async def request(self, method: str, url: str, headers: dict[str, str]) -> Response: ...

    async def close(self) -> None: ...


def read_headers(raw: Iterable[tuple[bytes, bytes]], names: frozenset[str]) -> tuple[dict[str, str], list[str]]:
    """The headers named (lowercase), from a response's raw pairs in one pass (first of each
    wins), and every Set-Cookie value: a caller reads only the few it judges by."""
    wanted: dict[str, str] = {}
    cookies: list[str] = []
    for raw_name, raw_value in raw:
        name = raw_name.decode("latin-1").lower()
        if name in names:
            wanted.setdefault(name, raw_value.decode("latin-1"))
        elif name == "set-cookie":
            cookies.append(raw_value.decode("latin-1"))
    return wanted, cookies
