"""A fake web server on 127.0.0.1: one class plays arXiv, GitHub, oEmbed and any HTML site.

Routes are set per test; every request is recorded so tests can check what was asked
(query parameters, the Authorization header) as well as what came back.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest


@dataclass
class Route:
    status: int = 200
    body: bytes = b""
    content_type: str = "text/html; charset=utf-8"
    delay: float = 0.0


@dataclass
class Seen:
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]


@dataclass
class FakeServer:
    url: str = ""
    routes: dict[str, Route] = field(default_factory=dict)
    seen: list[Seen] = field(default_factory=list)

    def route(self, path: str, body: str | bytes = b"", status: int = 200,
              content_type: str = "text/html; charset=utf-8", delay: float = 0.0) -> str:
        data = body.encode("utf-8") if isinstance(body, str) else body
        self.routes[path] = Route(status, data, content_type, delay)
        return self.url + path


def _handler(server: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            parts = urlsplit(self.path)
            server.seen.append(Seen(parts.path, parse_qs(parts.query), dict(self.headers)))
            route = server.routes.get(parts.path, Route(404, b"not found", "text/plain"))
            if route.delay:
                time.sleep(route.delay)
            try:
                self.send_response(route.status)
                self.send_header("Content-Type", route.content_type)
                self.send_header("Content-Length", str(len(route.body)))
                self.end_headers()
                self.wfile.write(route.body)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (a timeout test): nothing to answer

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@pytest.fixture
def fake() -> Iterator[FakeServer]:
    server = FakeServer()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(server))
    httpd.daemon_threads = True
    server.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield server
    httpd.shutdown()
    httpd.server_close()
