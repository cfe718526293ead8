"""links.yml's path: `check-links --shard I/N` per matrix job, then `merge-link-reports`.

Against small servers on several loopback addresses (shards split by host, so one host would
put every URL in one shard), the merged report must give every URL the verdict, and every
use of it the file and line, that one unsharded run gives. Needs the linkcheck branch.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from gpulist.cli import main

HOSTS = [f"127.0.0.{i}" for i in range(1, 7)]
PATHS = ("ok", "gone", "moved", "forbidden")
SHARDS = 3


class _Handler(BaseHTTPRequestHandler):
    ANSWERS = {"/ok": (200, {}), "/gone": (404, {}), "/moved": (301, {"Location": "/ok"}), "/forbidden": (403, {})}

    def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
        self._answer(body=True)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(body=False)

    def _answer(self, body: bool) -> None:
        status, headers = self.ANSWERS.get(self.path, (404, {}))
        content = b"<html><body>hello</body></html>"
        self.send_response(status)
        for name, value in {"Content-Type": "text/html", **headers}.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(content)))
        self.end_headers()
        if body:
            self.wfile.write(content)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def servers() -> Iterator[list[str]]:
    """One server per loopback address; yields their base URLs."""
    running = [ThreadingHTTPServer((host, 0), _Handler) for host in HOSTS]
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in running]
    for thread in threads:
        thread.start()
    try:
        yield [f"http://{s.server_address[0]}:{s.server_address[1]}" for s in running]
    finally:
        for server in running:
            server.shutdown()
            server.server_close()


def _data(make_data, bases: list[str]) -> Path:
    resources = {}
    for i, base in enumerate(bases):
        links = [{"title": p, "url": f"{base}/{p}"} for p in PATHS[1:]]
        resources[f"site-{i}"] = {"title": f"Site {i}", "url": f"{base}/ok", "type": "blog", "links": links}
    return make_data(resources)


def _check(data: Path, out: Path, extra: list[str]) -> int:
    return main(["check-links", str(data), "--allow-private", "--no-cache", "--format", "json",
                 "--output", str(out), "--state-file", str(out.with_suffix(".state")), *extra])


def _verdicts(report: Path) -> dict[str, tuple[str, list]]:
    results = json.loads(report.read_text(encoding="utf-8"))["results"]
    return {r["url"]: (r["verdict"], sorted((s["file"], s["line"]) for s in r["sources"])) for r in results}


def test_sharded_and_merged_equals_one_run(make_data, servers: list[str], tmp_path: Path) -> None:
    data = _data(make_data, servers)
    whole = tmp_path / "whole.json"
    whole_code = _check(data, whole, [])
    parts = [tmp_path / f"links-{i}.json" for i in range(1, SHARDS + 1)]
    for i, part in enumerate(parts, 1):
        assert _check(data, part, ["--shard", f"{i}/{SHARDS}"]) in (0, 1)
    merged = tmp_path / "merged.json"
    merged_code = main(["merge-link-reports", *map(str, parts), "--format", "json", "--output", str(merged)])

    expected = _verdicts(whole)
    assert len(expected) == len(HOSTS) * len(PATHS)
    assert {verdict for verdict, _ in expected.values()} >= {"ok", "broken", "redirected"}
    assert sum(1 for part in parts if _verdicts(part)) >= 2, "the hosts should spread over several shards"
    assert _verdicts(merged) == expected
    assert merged_code == whole_code == 1  # the 404s are broken
