"""The aiohttp-backed transport speaks httpx's vocabulary, failures included."""

from __future__ import annotations

import asyncio

import aiohttp
import httpx
import pytest

from gpulist.linkcheck.config import parse_config
from gpulist.linkcheck.guard import Guard
from gpulist.linkcheck.transport import AiohttpTransport, _as_httpx
from tests.linkcheck.conftest import fake_resolver
from tests.linkcheck.server import LocalServer


@pytest.mark.parametrize(("exc", "expected"), [
    (asyncio.TimeoutError(), httpx.ReadTimeout),
    (aiohttp.ServerDisconnectedError(), httpx.RemoteProtocolError),
    (aiohttp.ClientOSError(104, "reset"), httpx.ReadError),
    (aiohttp.InvalidURL("x"), httpx.InvalidURL),
])
def test_failures_become_httpx_errors(exc: Exception, expected: type) -> None:
    assert isinstance(_as_httpx(exc), expected)


def test_streams_a_response_and_reuses_the_connection(server: LocalServer) -> None:
    async def main() -> list[int]:
        transport = AiohttpTransport(parse_config({}), Guard(fake_resolver, allow_private=True))
        statuses = []
        try:
            for method in ("HEAD", "GET", "GET"):
                response = await transport.handle_async_request(httpx.Request(method, server.url("/page")))
                body = await response.aread()
                await response.aclose()
                statuses.append(response.status_code)
                assert (b"intro" in body) == (method == "GET")
        finally:
            await transport.aclose()
        return statuses

    assert asyncio.run(main()) == [200, 200, 200]


def test_connects_only_to_guard_approved_addresses(server: LocalServer) -> None:
    """A name the guard refuses cannot be connected to, even by a caller that skipped the check."""
    async def main() -> None:
        transport = AiohttpTransport(parse_config({"timeout": 1}), Guard(fake_resolver, allow_private=False))
        try:
            with pytest.raises(httpx.ConnectError):
                await transport.handle_async_request(httpx.Request("GET", f"http://site.test:{server.port}/ok"))
        finally:
            await transport.aclose()

    asyncio.run(main())
