"""Fetching one source: a conditional GET, redirects followed hop by hop, a bounded body.

The bytes come through the link checker's wire (aiohttp, connecting only to addresses
its SSRF guard approved), its per-host politeness and its guard, and are handed to the
parser afterwards: feedparser never touches the network. Every hop is checked and paced
as its own host, as in the link checker. The wire does not decompress, so a gzip or
deflate body is inflated here, within the same size bound as the bytes on the wire.
"""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from gpulist.linkcheck import classify, wire
from gpulist.linkcheck.guard import Guard, LookupFailed
from gpulist.linkcheck.politeness import Politeness
from gpulist.watch.config import WatchConfig
from gpulist.watch.state import SourceState

ACCEPT = "application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1"


@dataclass(slots=True)
class Context:
    wire: wire.Wire
    politeness: Politeness
    guard: Guard
    config: WatchConfig


@dataclass(slots=True)
class Fetched:
    """`answered`: some HTTP status came back, even a 404; the network-down rule counts these."""

    status: str  # ok, not_modified or error
    detail: str = ""
    answered: bool = False
    body: bytes = b""
    url: str = ""
    content_type: str = ""
    etag: str | None = None
    last_modified: str | None = None


async def fetch(url: str, known: SourceState | None, ctx: Context) -> Fetched:
    current, moved = url, None
    for _ in range(ctx.config.max_redirects + 1):
        parts = urlsplit(current)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return Fetched("error", f"not an http(s) URL: {current}", answered=current != url)
        refusal = await _guarded(parts.hostname, ctx)
        if refusal is not None:
            refusal.answered = current != url
            return refusal
        hop = await _hop(current, parts.hostname, known, ctx)
        if isinstance(hop, Fetched):
            return _note_move(hop, moved)
        current, permanent = hop
        moved = current if permanent else moved
    return Fetched("error", f"more than {ctx.config.max_redirects} redirects", answered=True)


def _note_move(got: Fetched, moved: str | None) -> Fetched:
    """A feed that moved for good still works, but its source should say where it lives now."""
    if moved and got.status != "error" and not got.detail:
        got.detail = f"moved permanently to {moved}: update the source's URL"
    return got


async def _guarded(host: str, ctx: Context) -> Fetched | None:
    try:
        answer = await ctx.guard.check(host)
    except LookupFailed as exc:
        return Fetched("error", f"DNS lookup failed: {exc}")
    if answer.missing:
        return Fetched("error", f"DNS name {host} does not exist")
    if answer.refused:
        return Fetched("error", f"not fetched: {answer.refused} (use --allow-private to fetch it)")
    return None


async def _hop(url: str, host: str, known: SourceState | None, ctx: Context) -> Fetched | tuple[str, bool]:
    """The answer, or the next URL and whether the move is permanent; the timeout counts
    from our turn, not from the queue."""
    got = Fetched("error", url=url)
    try:
        async with ctx.politeness.slot(host):
            return await asyncio.wait_for(_exchange(url, known, ctx, got), ctx.config.timeout)
    except (asyncio.TimeoutError, wire.Timeout):
        got.detail = f"timed out after {ctx.config.timeout:g} s"
    except wire.WireError as exc:
        got.detail = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    except ValueError as exc:  # wire.BadURL among them
        got.detail = f"invalid URL: {exc}"
    return got


async def _exchange(url: str, known: SourceState | None, ctx: Context, got: Fetched) -> Fetched | tuple[str, bool]:
    response = await ctx.wire.request("GET", url, _headers(known, ctx))
    try:
        got.answered = True
        status, (headers, _) = response.status, wire.read_headers(response.raw_headers, _READ)
        location = headers.get("location")
        if status in classify.REDIRECTS and location:
            return urljoin(url, location.strip()), status in classify.PERMANENT_REDIRECTS
        if status == 304:
            return _done(got, "not_modified", headers)
        if not 200 <= status < 300:
            got.detail = classify.status_text(status)
            return got
        return await _read_body(response, headers, ctx.config.max_bytes, got)
    finally:
        response.close()


_READ = frozenset({"location", "content-type", "content-length", "content-encoding", "etag", "last-modified"})




def _headers(known: SourceState | None, ctx: Context) -> dict[str, str]:
    headers = {"user-agent": ctx.config.user_agent, "accept": ACCEPT, "accept-encoding": "gzip, deflate"}
    if known is not None and known.etag:
        headers["if-none-match"] = known.etag
    if known is not None and known.last_modified:
        headers["if-modified-since"] = known.last_modified
    return headers


async def _read_body(response: wire.Response, headers: dict[str, str], limit: int, got: Fetched) -> Fetched:
    length = headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        got.detail = f"larger than {limit} bytes ({length}); not read"
        return got
    inflate = _inflater(headers.get("content-encoding", ""))
    chunks, size = [], 0
    try:
        async for chunk in response.chunks(64 * 1024):
            data = inflate.decompress(chunk, limit + 1 - size) if inflate else chunk
            size += len(data)
            if size > limit or (inflate and inflate.unconsumed_tail):
                got.detail = f"larger than {limit} bytes; stopped reading"
                return got
            chunks.append(data)
    except zlib.error as exc:
        got.detail = f"a {headers['content-encoding']} body that does not inflate: {exc}"
        return got
    got.body = b"".join(chunks)
    return _done(got, "ok", headers)


def _inflater(encoding: str) -> zlib._Decompress | None:
    """gzip and deflate, as we asked for; the size bound applies to what they inflate to."""
    encoding = encoding.strip().lower()
    if encoding in ("gzip", "x-gzip"):
        return zlib.decompressobj(16 + zlib.MAX_WBITS)
    if encoding == "deflate":
        return zlib.decompressobj()
    return None


def _done(got: Fetched, status: str, headers: dict[str, str]) -> Fetched:
    got.status = status
    got.content_type = headers.get("content-type", "")
    got.etag = headers.get("etag")
    got.last_modified = headers.get("last-modified")
    return got
