"""Parsing off the event loop's core when a run has many feeds.

feedparser is pure Python: 8 to 12 ms of CPU for a 50-item feed. A few dozen feeds parse
in the gaps between responses, but at hundreds the parsing, not the network, would set
the run's length. Then feeds are parsed in forked worker processes (when and how many is
`gpulist.parallel`'s decision), started before the event loop and its threads exist.
Whatever goes wrong with a worker, the feed is parsed here instead: the result never
depends on where it was parsed.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from gpulist import parallel
from gpulist.watch.parse import Parsed, parse_feed

MIN_FEEDS = 40  # below this, forking costs more than parsing in the gaps saves


class Parser:
    def __init__(self, feeds: int, summary_chars: int) -> None:
        self._chars = summary_chars
        self._pool: Executor | None = None
        workers = parallel.worker_count(feeds, MIN_FEEDS)
        if workers > 1:
            self._pool = _start_pool(workers)

    async def parse(self, body: bytes, content_type: str, url: str) -> Parsed:
        """Raises NotAFeed, from whichever process parsed."""
        if self._pool is not None:
            from concurrent.futures.process import BrokenProcessPool

            try:
                return await asyncio.get_running_loop().run_in_executor(
                    self._pool, parse_feed, body, content_type, url, self._chars)
            except (BrokenProcessPool, OSError):
                self._pool = None
        return parse_feed(body, content_type, url, self._chars)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _start_pool(workers: int) -> Executor | None:
    """Forked now, while the process has one thread: a fork pool starts every worker on the first task."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    import feedparser  # noqa: F401 - imported once here, so every worker is forked with it

    try:
        pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
        pool.submit(_ready).result(timeout=30)
    except Exception:  # noqa: BLE001 - no workers (limits, memory): parse in-process
        return None
    return pool


def _ready() -> bool:
    return True
