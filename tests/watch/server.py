"""A loopback feed server for the watcher's tests and benchmark checks.

It reuses the link checker's test server (its thread, its request log, its 404 and slow
routes) and adds feeds from tests/fixtures/watch/feeds/ with ETag and Last-Modified, so
a second run can be answered with 304s, and an arXiv-API-shaped route that records the
query it was asked.
"""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

from aiohttp import web

from tests.linkcheck.server import LocalServer

FEEDS = Path(__file__).resolve().parent.parent / "fixtures" / "watch" / "feeds"
LAST_MODIFIED = "Sat, 07 Jun 2025 00:00:00 GMT"
# name in the URL -> (fixture file, content type, validators sent: "etag", "modified" or both)
ROUTES = {
    "rss.xml": ("rss.xml", "application/rss+xml", ("etag",)),
    "atom.xml": ("atom.xml", "application/atom+xml", ("modified",)),
    "listed.xml": ("listed.xml", "application/rss+xml", ("etag", "modified")),
    "videos.xml": ("youtube.xml", "text/xml; charset=UTF-8", ("etag", "modified")),
    "malformed.xml": ("malformed.xml", "application/rss+xml", ()),
    "page": ("page.html", "text/html; charset=utf-8", ()),
}


class FeedServer(LocalServer):
    def __init__(self, hosts: tuple[str, ...] = ("127.0.0.1",)) -> None:
        super().__init__(hosts)
        self.replaced: dict[str, bytes] = {}  # route name -> body served instead of the fixture

    def _app(self) -> web.Application:
        app = super()._app()
        app.router.add_get("/feeds/{name}", self._feed)
        app.router.add_get("/api/query", self._arxiv)
        app.router.add_get("/{owner}/{repo}/releases.atom", self._releases)
        app.router.add_get("/gzip/{name}", self._gzipped)
        return app

    async def _gzipped(self, request: web.Request) -> web.StreamResponse:
        """The feed compressed, as most servers send it to a client that accepts gzip."""
        name = request.match_info["name"]
        body = gzip.compress(self.body(name)) if name in ROUTES else gzip.compress(b"\0" * int(name))
        return web.Response(body=body, headers={"content-type": "application/rss+xml", "content-encoding": "gzip"})

    def body(self, name: str) -> bytes:
        return self.replaced.get(name) or (FEEDS / ROUTES[name][0]).read_bytes()

    async def _feed(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in ROUTES:
            return web.Response(status=404)
        _, content_type, validators = ROUTES[name]
        return _conditional(request, self.body(name), content_type, validators)

    async def _arxiv(self, request: web.Request) -> web.StreamResponse:
        if "search_query" not in request.query:
            return web.Response(status=400, text="no search_query")
        return _conditional(request, (FEEDS / "arxiv.xml").read_bytes(), "application/atom+xml", ("etag",))

    async def _releases(self, request: web.Request) -> web.StreamResponse:
        body = (FEEDS / "releases.atom").read_bytes()
        return _conditional(request, body, "application/atom+xml; charset=utf-8", ("etag", "modified"))


def _conditional(request: web.Request, body: bytes, content_type: str, validators: tuple[str, ...]) -> web.Response:
    """304 when the client's validator matches what this route sends; If-None-Match wins, as in RFC 9110."""
    etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
    headers = {"content-type": content_type}
    if "etag" in validators:
        headers["etag"] = etag
    if "modified" in validators:
        headers["last-modified"] = LAST_MODIFIED
    sent_etag = request.headers.get("if-none-match")
    if "etag" in validators and sent_etag is not None:
        if sent_etag == etag:
            return web.Response(status=304, headers={"etag": etag})
    elif "modified" in validators and request.headers.get("if-modified-since") == LAST_MODIFIED:
        return web.Response(status=304)
    return web.Response(body=body, headers=headers)
