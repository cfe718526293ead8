"""The wire: an httpx transport that speaks HTTP through aiohttp's C-accelerated client.

fetch.py talks to an `httpx.AsyncBaseTransport`, so tests swap in httpx.MockTransport and
the code reads like httpx throughout. Underneath, httpx's own pool (httpcore + anyio +
h11, all pure Python) cost ~1.6 ms of CPU per request on the 2-core machines we run on:
3.2 s of CPU for the 2,000-URL benchmark, which made us twice as slow as lychee whenever
the machine was shared. aiohttp does the same work for about a fifth of that.

Connections go only to addresses the SSRF guard approved (`GuardedResolver`), so a DNS
answer that changes between our check and the connect (rebinding) cannot slip through.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import AsyncIterator

import aiohttp
import httpx
from aiohttp.abc import AbstractResolver, ResolveResult
from yarl import URL

from gpulist.linkcheck.config import LinkcheckConfig
from gpulist.linkcheck.guard import Guard

_CHUNK = 16 * 1024


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


class _Body(httpx.AsyncByteStream):
    def __init__(self, response: aiohttp.ClientResponse) -> None:
        self._response = response

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            async for chunk in self._response.content.iter_chunked(_CHUNK):
                yield chunk
        except aiohttp.ClientError as exc:
            raise httpx.ReadError(str(exc) or type(exc).__name__) from exc
        except asyncio.TimeoutError as exc:
            raise httpx.ReadTimeout("timed out reading the body") from exc

    async def aclose(self) -> None:
        """A finished body frees its connection for reuse; an unfinished one closes it unread."""
        if self._response.content.at_eof():
            self._response.release()
        else:
            self._response.close()


class AiohttpTransport(httpx.AsyncBaseTransport):
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

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        session = self._open()
        headers = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in request.headers.raw]
        try:
            response = await session.request(request.method, URL(str(request.url), encoded=True), headers=headers,
                                             allow_redirects=False, read_until_eof=True)
        except Exception as exc:  # noqa: BLE001 - every failure becomes httpx's, so classify sees one vocabulary
            raise _as_httpx(exc) from exc
        return httpx.Response(response.status, headers=response.raw_headers, stream=_Body(response), request=request)

    async def aclose(self) -> None:
        if self._session is not None:
            await self._session.close()


def _as_httpx(exc: BaseException) -> Exception:
    text = str(exc) or type(exc).__name__
    if isinstance(exc, (aiohttp.ClientConnectorCertificateError, aiohttp.ClientSSLError, ssl.SSLError)):
        return httpx.ConnectError(f"SSL: {text}")
    if isinstance(exc, aiohttp.ConnectionTimeoutError):
        return httpx.ConnectTimeout(text)
    if isinstance(exc, (asyncio.TimeoutError, aiohttp.ServerTimeoutError)):
        return httpx.ReadTimeout(text)
    if isinstance(exc, aiohttp.ClientConnectorError):
        return httpx.ConnectError(text)
    if isinstance(exc, (aiohttp.ServerDisconnectedError, aiohttp.ClientResponseError, aiohttp.ClientPayloadError)):
        return httpx.RemoteProtocolError(text)
    if isinstance(exc, aiohttp.InvalidURL):
        return httpx.InvalidURL(text)
    if isinstance(exc, (aiohttp.ClientOSError, OSError)):
        return httpx.ReadError(text)
    if isinstance(exc, (aiohttp.ClientError, ValueError)):
        return httpx.RemoteProtocolError(text)
    return exc if isinstance(exc, Exception) else RuntimeError(text)
