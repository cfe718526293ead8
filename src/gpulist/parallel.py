"""A second core for the batch work of large catalogs, by forking.

Loading and rendering a 10,000-entry catalog is seconds of pure-Python CPU work, which the
GIL keeps on one core. Forked processes start at once with the catalog already in memory,
so large catalogs split that work among them; small ones stay in one process, where
starting a child would cost more than it saves.

Forking is used only on Linux and only from a process that runs no other thread (forking a
threaded process can copy a lock held by another thread; `gpulist serve` watches files
from a thread). Whatever goes wrong with a child, the work is done in-process instead:
the result never depends on whether it ran in parallel.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

T = TypeVar("T")
# Past four workers, unpickling their results in the parent dominates.
MAX_WORKERS = 4


def worker_count(items: int, minimum: int) -> int:
    """How many processes `items` pieces of work should use: 1 below `minimum`."""
    if items < minimum or sys.platform != "linux" or threading.active_count() > 1:
        return 1
    return min(len(os.sched_getaffinity(0)), MAX_WORKERS)


def in_background(work: Callable[[], T]) -> Callable[[], T]:
    """Start `work` in a forked child; the function returned waits for its result.

    If the child cannot start, fails or dies, the returned function runs `work` itself, so
    an error surfaces here with its usual traceback and message.
    """
    import multiprocessing  # here, not at the top: only large catalogs fork

    context = multiprocessing.get_context("fork")
    try:
        receive, send = context.Pipe(duplex=False)
        child = context.Process(target=_run_and_send, args=(work, send), daemon=True)
        child.start()
    except OSError:
        return work
    send.close()

    def result() -> T:
        try:
            done, value = receive.recv()
        except (EOFError, OSError):
            done, value = False, None
        finally:
            receive.close()
            child.join()
        return value if done else work()

    return result


def _run_and_send(work: Callable[[], object], send: Connection) -> None:
    try:
        value = work()
    except BaseException:  # noqa: BLE001 - reported by the parent, which runs `work` again
        send.send((False, None))
    else:
        send.send((True, value))
    finally:
        send.close()
