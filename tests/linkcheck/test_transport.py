"""The aiohttp-backed wire speaks the checker's vocabulary, failures included."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from gpulist.linkcheck.config import parse_config
from gpulist.linkcheck.guard import Guard
from gpulist.linkcheck import wire
from gpulist.linkcheck.transport import AiohttpWire, _as_wire_error
from tests.linkcheck.conftest import fake_resolver
from tests.linkcheck.server import LocalServer


@pytest.mark.parametrize(("exc", "expected"), [
    (asyncio.TimeoutError(), wire.ReadTimeout),
    (aiohttp.ServerDisconnectedError(), wire.ProtocolError),
    (aiohttp.ClientOSError(104, "reset"), wire.Reset),
    (aiohttp.InvalidURL("x"), wire.BadURL),
])
def test_failures_become_wire_errors(exc: Exception, expected: type) -> None:
    assert isinstance(_as_wire_error(exc), expected)


def test_streams_a_response_and_reuses_the_connection(server: LocalServer) -> None:
    async def main() -> list[int]:
        transport = AiohttpWire(parse_config({}), Guard(fake_resolver, allow_private=True))
        statuses = []
        try:
            for method in ("HEAD", "GET", "GET"):
                response = await transport.request(method, server.url("/page"), {})
                body = await response.read()
                response.close()
                statuses.append(response.status)
                assert (b"intro" in body) == (method == "GET")
        finally:
            await transport.close()
        return statuses

    assert asyncio.run(main()) == [200, 200, 200]


def test_connects_only_to_guard_approved_addresses(server: LocalServer) -> None:
    """A name the guard refuses cannot be connected to, even by a caller that skipped the check."""
    async def main() -> None:
        transport = AiohttpWire(parse_config({"timeout": 1}), Guard(fake_resolver, allow_private=False))
        try:
            with pytest.raises(wire.ConnectFailed):
                await transport.request("GET", f"http://site.test:{server.port}/ok", {})
        finally:
            await transport.close()

    asyncio.run(main())
