"""The wire: HTTP through aiohttp's C-accelerated client, in the checker's own vocabulary.

fetch.py talks to a `wire.Wire`; this is the real one. aiohttp does the HTTP work for
about a fifth of the CPU httpx's pure-Python pool (httpcore, anyio, h11) took, which made
us twice as slow as lychee whenever the machine was shared; speaking our own small
vocabulary rather than httpx's models saves building two objects per request and importing
httpx at all (see `gpulist.linkcheck.wire`).

Connections go only to addresses the SSRF guard approved (`GuardedResolver`), so a DNS
answer that changes between our check and the connect (rebinding) cannot slip through.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import AsyncIterator

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from gpulist.linkcheck import wire
from gpulist.linkcheck.config import LinkcheckConfig
from gpulist.linkcheck.guard import Guard


class GuardedResolver(AbstractResolver):
    """aiohttp connects to what this returns: only the guard's approved addresses."""

    def __init__(self, guard: Guard) -> None:
        self._guard = guard

    async def resolve(self, host: str, port: int = 0, family: int = socket.AF_INET) -> list[ResolveResult]:
        addresses = await self._guard.addresses(host)
        return [ResolveResult(hostname=host, host=a, port=port, family=socket.AF_INET6 if ":" in a else socket.AF_INET,
                              proto=0, flags=socket.AI_NUMERICHOST) for a in addresses]

    async def close(self) -> None:
        return None


class _Response:
    """An aiohttp response as a `wire.Response`."""

    __slots__ = ("_response", "status", "raw_headers")

    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response
        self.status = response.status
        self.raw_headers = response.raw_headers

    @property
    def charset(self) -> str | None:
        return self._response.charset

    async def chunks(self, size: int) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.content.iter_chunked(size):
                yield chunk
        except Exception as exc:  # noqa: BLE001 - every failure in our vocabulary, so classify sees one
            raise _as_wire_error(exc) from exc

    async def read(self) -> bytes:
        try:
            return await self._response.read()
        except Exception as exc:  # noqa: BLE001
            raise _as_wire_error(exc) from exc

    def close(self) -> None:
        if self._response.content.at_eof():
            self._response.release()
        else:
            self._response.close()


class AiohttpWire:
    def __init__(self, config: LinkcheckConfig, guard: Guard) -> None:
        self._config = config
        self._guard = guard
        self._session: aiohttp.ClientSession | None = None

    def _open(self) -> aiohttp.ClientSession:
        """No cookie jar, no environment (proxies, .netrc credentials), no automatic redirects."""
        if self._session is None:
            connector = aiohttp.TCPConnector(
                limit=self._config.max_concurrency, limit_per_host=0, resolver=GuardedResolver(self._guard),
                use_dns_cache=False, ssl=True,
            )
            timeout = aiohttp.ClientTimeout(total=None, sock_connect=self._config.timeout,
                                            sock_read=self._config.timeout, connect=self._config.timeout)
            self._session = aiohttp.ClientSession(connector=connector, timeout=timeout, trust_env=False,
                                                  cookie_jar=aiohttp.DummyCookieJar(), auto_decompress=False,
                                                  skip_auto_headers=("User-Agent", "Accept-Encoding"))
        return self._session

    async def request(self, method: str, url: str, headers: dict[str, str]) -> _Response:
        session = self._open()
        try:
            target = URL(url)  # percent-encodes what needs it, IDNA-encodes the host
        except (ValueError, UnicodeError) as exc:
            raise wire.BadURL(str(exc)) from None
        try:
            response = await session.request(method, target, headers=headers, allow_redirects=False,
                                             read_until_eof=True)
        except Exception as exc:  # noqa: BLE001 - every failure in our vocabulary, so classify sees one
            raise _as_wire_error(exc) from exc
        return _Response(response)

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()


def _as_wire_error(exc: BaseException) -> Exception:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, (aiohttp.ClientConnectorCertificateError, aiohttp.ClientSSLError, ssl.SSLError)):
        return wire.TLSFailed(text)
    if isinstance(exc, aiohttp.ConnectionTimeoutError):
        return wire.ConnectTimeout(text)
    if isinstance(exc, (asyncio.TimeoutError, aiohttp.ServerTimeoutError)):
        return wire.ReadTimeout(text)
    if isinstance(exc, aiohttp.ClientConnectorError):
        return wire.ConnectFailed(text)
    if isinstance(exc, (aiohttp.ServerDisconnectedError, aiohttp.ClientResponseError, aiohttp.ClientPayloadError)):
        return wire.ProtocolError(text)
    if isinstance(exc, aiohttp.InvalidURL):
        return wire.BadURL(text)
    if isinstance(exc, (aiohttp.ClientOSError, OSError)):
        return wire.Reset(text)
    if isinstance(exc, (aiohttp.ClientError, ValueError)):
        return wire.ProtocolError(text)
    return exc if isinstance(exc, Exception) else RuntimeError(text)
