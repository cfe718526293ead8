"""A `wire.Wire` answered by a function: for tests that need no server, only canned answers."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

Handler = Callable[[str, str, dict[str, str]], tuple[int, dict[str, str], bytes]]


class FakeResponse:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.raw_headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in headers.items()]
        self.charset = None
        self._body = body

    async def chunks(self, size: int) -> AsyncIterator[bytes]:
        for start in range(0, len(self._body), size):
            yield self._body[start:start + size]

    async def read(self) -> bytes:
        return self._body

    def close(self) -> None:
        pass


class FakeWire:
    """`handler(method, url, headers)` returns (status, headers, body) for each request."""

    def __init__(self, handler: Handler) -> None:
        self._handler = handler

    async def request(self, method: str, url: str, headers: dict[str, str]) -> FakeResponse:
        return FakeResponse(*self._handler(method, url, headers))

    async def close(self) -> None:
        pass
