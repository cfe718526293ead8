"""A stand-in for GitHub's GraphQL endpoint on 127.0.0.1, so enrich tests never leave the machine.

It answers the aliased `repository(owner:, name:)` queries gpulist sends, from a table of
repositories, and can be told to misbehave on given requests the ways GitHub does.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOKEN = "test-token"
_ALIAS = re.compile(r"(r\d+): repository\(owner: \$(o\d+), name: \$(n\d+)\)")


@dataclass
class FakeGitHub:
    repos: dict[str, dict[str, Any]] = field(default_factory=dict)  # "owner/name" -> repository node
    failures: dict[int, str] = field(default_factory=dict)  # 1-based request number -> failure mode
    requests: list[dict[str, Any]] = field(default_factory=list)  # the ones that got past the token check
    hits: int = 0  # every request, refused or not
    url: str = ""

    def answer(self, payload: dict[str, Any]) -> tuple[int, dict[str, str], bytes]:
        self.requests.append(payload)
        mode = self.failures.get(len(self.requests))
        if mode:
            return _FAILURES[mode]
        data: dict[str, Any] = {}
        errors = []
        for alias, owner_var, name_var in _ALIAS.findall(payload["query"]):
            key = f"{payload['variables'][owner_var]}/{payload['variables'][name_var]}"
            data[alias] = self.repos.get(key)
            if data[alias] is None:
                errors.append({"type": "NOT_FOUND", "path": [alias],
                               "message": f"Could not resolve to a Repository with the name '{key}'."})
        body = {"data": data, **({"errors": errors} if errors else {})}
        return 200, {}, json.dumps(body).encode()


def node(stars: int = 10, archived: bool = False, pushed: str | None = "2026-01-02T03:04:05Z",
         spdx: str | None = "MIT") -> dict[str, Any]:
    return {"stargazerCount": stars, "isArchived": archived, "pushedAt": pushed,
            "licenseInfo": {"spdxId": spdx} if spdx else None}


_FAILURES: dict[str, tuple[int, dict[str, str], bytes]] = {
    "secondary-403": (403, {"Retry-After": "60"},
                      b'{"message": "You have exceeded a secondary rate limit. Please wait a few minutes."}'),
    "primary-403": (403, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1900000000"},
                    b'{"message": "API rate limit exceeded"}'),
    "429": (429, {}, b'{"message": "Too Many Requests"}'),
    "graphql-rate-limited": (200, {}, json.dumps({"data": None, "errors": [
        {"type": "RATE_LIMITED", "message": "API rate limit exceeded for user ID 1."}]}).encode()),
    "malformed": (200, {}, b'{"data": {"r0": {"stargazerCount": 1'),
    "500": (500, {}, b"<html>Internal Server Error</html>"),
}


class _Handler(BaseHTTPRequestHandler):
    fake: FakeGitHub

    def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
        self.fake.hits += 1
        if self.headers.get("Authorization") != f"bearer {TOKEN}":
            self._send(401, {}, b'{"message": "Bad credentials"}')
            return
        length = int(self.headers.get("Content-Length", "0"))
        status, headers, body = self.fake.answer(json.loads(self.rfile.read(length)))
        self._send(status, headers, body)

    def _send(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.send_response(status)
        for name, value in {"Content-Type": "application/json", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
        pass


@contextmanager
def serve(fake: FakeGitHub) -> Iterator[FakeGitHub]:
    handler = type("Handler", (_Handler,), {"fake": fake})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    fake.url = f"http://127.0.0.1:{server.server_address[1]}/graphql"
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
