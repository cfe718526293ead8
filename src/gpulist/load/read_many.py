"""Parsing a large catalog's files on several cores.

Parsing is CPU work in libyaml and in our event builder, and the GIL rules out threads, so
a catalog of thousands of files is split among forked worker processes: at 10,000 files
on two cores, 1.6 s of parsing becomes 0.8 s. Workers send back data and text but not the
marks (Document rebuilds those on demand, for the few files a problem points at).

When to fork is `gpulist.parallel`'s decision; any run whose workers fail to start
parses in-process instead, with the same result.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

from gpulist import parallel
from gpulist.files import DEFAULT_MAX_BYTES
from gpulist.load.yaml_reader import Document, read_yaml_file
from gpulist.problems import Problem

Read = tuple[Document | None, list[Problem]]
# Below this, starting workers costs more than it saves.
MIN_FILES = 2000
CHUNKS_PER_WORKER = 4


def read_documents(paths: list[Path], max_bytes: int = DEFAULT_MAX_BYTES) -> Iterator[Read]:
    """Every file read and parsed, in the order given, on as many cores as pay off.

    Results come as workers finish their chunks, so the caller validates the first files
    while the workers still parse the last ones.
    """
    workers = parallel.worker_count(len(paths), MIN_FILES)
    done = 0
    if workers > 1:
        # Imported here: 20 ms of start-up that small catalogs never need.
        from concurrent.futures.process import BrokenProcessPool

        try:
            for read in _in_workers(paths, workers, max_bytes):
                yield read
                done += 1
            return
        except (OSError, BrokenProcessPool):
            pass  # could not fork (memory, process limits): parse the rest here instead
    for path in paths[done:]:
        yield read_yaml_file(path, max_bytes)


def _in_workers(paths: list[Path], workers: int, max_bytes: int) -> Iterator[Read]:
    n = workers * CHUNKS_PER_WORKER
    chunks = [paths[i * len(paths) // n:(i + 1) * len(paths) // n] for i in range(n)]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        for chunk in pool.map(partial(_read_chunk, max_bytes=max_bytes), chunks):
            yield from chunk


def _read_chunk(paths: list[Path], max_bytes: int) -> list[Read]:
    reads = (read_yaml_file(path, max_bytes) for path in paths)
    return [(doc.without_marks() if doc else None, problems) for doc, problems in reads]
