"""Parsing a large catalog's files on several cores.

Parsing is CPU work in libyaml and in our event builder, and the GIL rules out threads, so
a catalog of thousands of files is split among forked worker processes: at 10,000 files
on two cores, 1.6 s of parsing becomes 0.8 s. Workers send back data and text but not the
marks (Document rebuilds those on demand, for the few files a problem points at).

Small catalogs, platforms without `fork`, and processes that already run threads (where
forking is unsafe: `gpulist serve` watches files) parse in-process, as does any run whose
workers fail to start: the result is the same either way.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

from gpulist.load.yaml_reader import Document, read_yaml_file
from gpulist.problems import Problem

Read = tuple[Document | None, list[Problem]]
# Below this, starting workers costs more than it saves.
MIN_FILES = 2000
# Past four workers the parent's unpickling of their results dominates.
MAX_WORKERS = 4
CHUNKS_PER_WORKER = 4


def read_documents(paths: list[Path]) -> list[Read]:
    """Every file read and parsed, in the order given, on as many cores as pay off."""
    workers = worker_count(len(paths))
    if workers > 1:
        try:
            return _in_workers(paths, workers)
        except (OSError, BrokenProcessPool):
            pass  # could not fork (memory, process limits): parse here instead
    return [read_yaml_file(path) for path in paths]


def worker_count(files: int) -> int:
    if files < MIN_FILES or sys.platform != "linux" or threading.active_count() > 1:
        return 1
    return min(len(os.sched_getaffinity(0)), MAX_WORKERS)


def _in_workers(paths: list[Path], workers: int) -> list[Read]:
    n = workers * CHUNKS_PER_WORKER
    chunks = [paths[i * len(paths) // n:(i + 1) * len(paths) // n] for i in range(n)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        return [read for chunk in pool.map(_read_chunk, chunks) for read in chunk]


def _read_chunk(paths: list[Path]) -> list[Read]:
    reads = (read_yaml_file(path) for path in paths)
    return [(doc.without_marks() if doc else None, problems) for doc, problems in reads]
