"""Parsing in worker processes gives what parsing in-process gives, errors included.

Run in a fresh interpreter: forking is only done from a process without threads, and
the test session has the feed server's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading

from gpulist.watch.parsing import MIN_FEEDS, Parser
from tests.conftest import REPO

SCRIPT = """
import asyncio, json, sys
from gpulist.watch.parse import NotAFeed
from gpulist.watch.parsing import Parser
from tests.watch.server import FEEDS

async def main():
    parser = Parser(int(sys.argv[1]), 400)
    pooled = parser._pool is not None
    parsed = await parser.parse((FEEDS / "arxiv.xml").read_bytes(), "application/atom+xml", "")
    try:
        await parser.parse((FEEDS / "page.html").read_bytes(), "text/html", "")
        error = None
    except NotAFeed as exc:
        error = str(exc)
    parser.close()
    print(json.dumps({"pooled": pooled, "urls": [i.url for i in parsed.items], "error": error}))

asyncio.run(main())
"""


def _run(feeds: int) -> dict:
    out = subprocess.run([sys.executable, "-c", SCRIPT, str(feeds)], cwd=REPO, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    return json.loads(out)


def test_workers_parse_like_the_main_process() -> None:
    pooled, inline = _run(MIN_FEEDS), _run(1)
    assert pooled["pooled"] is (len(os.sched_getaffinity(0)) > 1)
    assert (inline["pooled"], inline["error"]) == (False, "an HTML page, not a feed")
    assert {k: v for k, v in pooled.items() if k != "pooled"} == {k: v for k, v in inline.items() if k != "pooled"}
    assert inline["urls"] == ["https://arxiv.org/abs/2506.01234", "https://arxiv.org/abs/2307.08691"]


def test_small_runs_and_threaded_processes_parse_in_process() -> None:
    assert Parser(MIN_FEEDS - 1, 400)._pool is None
    done = threading.Event()
    other = threading.Thread(target=done.wait)
    other.start()
    try:
        assert Parser(10 * MIN_FEEDS, 400)._pool is None  # a process with threads is never forked
    finally:
        done.set()
        other.join()
