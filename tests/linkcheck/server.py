"""A real HTTP server on loopback addresses, one route per failure mode of the verdict table.

It runs its own event loop in a thread so tests can drive the checker with asyncio.run()
or through the CLI. It counts hits and remembers request headers, so tests can assert on
what the checker sent (cookies, credentials) and how much of a huge body it was sent.
"""

from __future__ import annotations

import asyncio
import collections
import socket
import threading
import time
from collections.abc import Iterable

from aiohttp import web

HTML = "text/html; charset=utf-8"


class LocalServer:
    def __init__(self, hosts: Iterable[str] = ("127.0.0.1",)) -> None:
        self.hosts = tuple(hosts)
        self.port = 0
        self.hits: collections.Counter[str] = collections.Counter()
        self.headers: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
        self.sent: collections.Counter[str] = collections.Counter()
        self.in_flight: collections.Counter[str] = collections.Counter()
        self.max_in_flight: collections.Counter[str] = collections.Counter()
        self.total_in_flight = 0
        self.max_total_in_flight = 0
        self.arrivals: dict[str, list[float]] = collections.defaultdict(list)  # per host, time.monotonic()
        self.busy_at: dict[str, float | None] = {}  # per host: when /busy answered 429
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._runner: web.AppRunner | None = None

    def url(self, path: str, host: str | None = None) -> str:
        return f"http://{host or self.hosts[0]}:{self.port}{path}"

    def start(self) -> LocalServer:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(10)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _start(self) -> None:
        self._runner = web.AppRunner(self._app(), access_log=None, shutdown_timeout=0.1)
        await self._runner.setup()
        probe = socket.socket()
        probe.bind((self.hosts[0], 0))
        self.port = probe.getsockname()[1]
        probe.close()
        for host in self.hosts:
            await web.TCPSite(self._runner, host, self.port).start()

    def _app(self) -> web.Application:
        app = web.Application(middlewares=[self._record])
        app.router.add_route("*", "/{name}", self._dispatch)
        app.router.add_route("*", "/chain/{n}", self._chain)
        return app

    @web.middleware
    async def _record(self, request: web.Request, handler):  # type: ignore[no-untyped-def]
        self.hits[request.path] += 1
        self.headers[request.path].append(dict(request.headers))
        self.in_flight[request.host] += 1
        self.max_in_flight[request.host] = max(self.max_in_flight[request.host], self.in_flight[request.host])
        self.total_in_flight += 1
        self.max_total_in_flight = max(self.max_total_in_flight, self.total_in_flight)
        try:
            return await handler(request)
        finally:
            self.in_flight[request.host] -= 1
            self.total_in_flight -= 1

    async def _dispatch(self, request: web.Request) -> web.StreamResponse:
        route = getattr(self, "r_" + request.match_info["name"].replace("-", "_"), None)
        if route is None:
            return web.Response(status=404, text="no such route")
        return await route(request)

    async def _chain(self, request: web.Request) -> web.StreamResponse:
        return _redirect(302, f"/chain/{int(request.match_info['n']) + 1}")

    # --- verdict table -------------------------------------------------------------------
    async def r_ok(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="<!doctype html><title>ok</title>", content_type="text/html")

    async def r_slowish(self, request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(0.02)
        return web.Response(text="ok")

    async def r_missing(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=404)

    async def r_gone(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=410)

    async def r_moved(self, request: web.Request) -> web.StreamResponse:
        return _redirect(301, "/ok")

    async def r_moved308(self, request: web.Request) -> web.StreamResponse:
        return _redirect(308, "/ok")

    async def r_found(self, request: web.Request) -> web.StreamResponse:
        return _redirect(302, "/ok")

    async def r_temporary(self, request: web.Request) -> web.StreamResponse:
        return _redirect(307, "/ok")

    async def r_moved_to_missing(self, request: web.Request) -> web.StreamResponse:
        return _redirect(301, "/missing")

    async def r_loop(self, request: web.Request) -> web.StreamResponse:
        return _redirect(301, "/loop-back")

    async def r_loop_back(self, request: web.Request) -> web.StreamResponse:
        return _redirect(301, "/loop")

    async def r_unauthorized(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=401)

    async def r_forbidden(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=403)

    async def r_not_acceptable(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=406)

    async def r_linkedin(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=999)

    async def r_challenge(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=403, headers={"cf-mitigated": "challenge"}, text="Just a moment...")

    async def r_rate_limited(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=429, headers={"retry-after": "0"})

    async def r_rate_limited_long(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=429, headers={"retry-after": "3600"})

    async def r_rate_limited_once(self, request: web.Request) -> web.StreamResponse:
        if self.hits[request.path] == 1:
            return web.Response(status=429, headers={"retry-after": "0"})
        return web.Response(text="ok")

    async def r_busy(self, request: web.Request) -> web.StreamResponse:
        """A host that is busy as a whole: its first request is answered 429 with Retry-After: 1,
        half a second after it arrived (so requests sent alongside it have arrived by then);
        every other request gets a slow 200. Arrival times are kept per host, so a test can see
        whether any request came in during the second the host asked for."""
        host = request.host
        self.arrivals[host].append(time.monotonic())
        if host not in self.busy_at:
            self.busy_at[host] = None
            await asyncio.sleep(0.5)
            self.busy_at[host] = time.monotonic()
            return web.Response(status=429, headers={"retry-after": "1"})
        await asyncio.sleep(1.0)
        return web.Response(text="ok")

    async def r_error(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=500)

    async def r_unavailable_once(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=503) if self.hits[request.path] <= 2 else web.Response(text="ok")

    async def r_slow(self, request: web.Request) -> web.StreamResponse:
        await asyncio.sleep(3)
        return web.Response(text="late")

    async def r_needs_login(self, request: web.Request) -> web.StreamResponse:
        return _redirect(302, "/login?next=/needs-login")

    async def r_login(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="<form>sign in</form>", content_type="text/html")

    async def r_head_refused(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=405) if request.method == "HEAD" else web.Response(text="ok")

    async def r_head_lies(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=404) if request.method == "HEAD" else web.Response(text="ok")

    async def r_page(self, request: web.Request) -> web.StreamResponse:
        body = '<html><body><h1 id="intro">Intro</h1><a name="legacy"></a><p id="café">x</p></body></html>'
        return web.Response(text=body, content_type="text/html")

    async def r_plain(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="no anchors here", content_type="text/plain")

    async def r_huge(self, request: web.Request) -> web.StreamResponse:
        """Announces 10 GB; HEAD is refused so the checker must GET it and stop early."""
        if request.method == "HEAD":
            return web.Response(status=405)
        return await self._stream(request, "application/octet-stream", b"\0" * 65536)

    async def r_huge_html(self, request: web.Request) -> web.StreamResponse:
        return await self._stream(request, "text/html", b"<p>filler without the anchor</p>" * 2048)

    async def _stream(self, request: web.Request, content_type: str, chunk: bytes) -> web.StreamResponse:
        response = web.StreamResponse(headers={"content-type": content_type, "content-length": str(10 * 1024**3)})
        await response.prepare(request)
        try:
            for _ in range(10 * 1024**3 // len(chunk)):
                await response.write(chunk)
                self.sent[request.path] += len(chunk)
        except (ConnectionError, RuntimeError, asyncio.CancelledError):
            pass
        return response

    async def r_set_cookie_elsewhere(self, request: web.Request) -> web.StreamResponse:
        target = request.query.get("to", "")
        response = _redirect(302, target)
        response.set_cookie("session", "secret")
        return response

    async def r_set_cookie_here(self, request: web.Request) -> web.StreamResponse:
        response = _redirect(302, "/needs-cookie")
        response.set_cookie("session", "here")
        return response

    async def r_needs_cookie(self, request: web.Request) -> web.StreamResponse:
        if request.cookies.get("session") == "here":
            return web.Response(text="welcome back")
        return _redirect(302, "/set-cookie-here")

    async def r_echo(self, request: web.Request) -> web.StreamResponse:
        return web.Response(text="seen")

    async def r_to_other_host(self, request: web.Request) -> web.StreamResponse:
        return _redirect(302, request.query["to"])


def _redirect(status: int, location: str) -> web.Response:
    return web.Response(status=status, headers={"location": location})


class RawServer:
    """A TCP server that does not speak HTTP: garbage bytes, or a reset right after accept."""

    def __init__(self, mode: str) -> None:
        self.mode = mode
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def start(self) -> RawServer:
        self._thread.start()
        return self

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            with conn:
                if self.mode == "garbage":
                    conn.settimeout(0.5)
                    try:
                        conn.recv(4096)
                        conn.sendall(b"\x16\x03garbage that is not HTTP at all\r\n\r\n")
                    except OSError:
                        pass
                else:  # reset: SO_LINGER 0 makes close() send RST
                    conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


def free_port() -> int:
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    return port
