"""When gpulist forks, and that forked work gives the same result as work done in-process."""

from __future__ import annotations

import multiprocessing
import os
import threading

import pytest

from gpulist import parallel


def linux_with_cores(monkeypatch: pytest.MonkeyPatch, cores: int) -> None:
    monkeypatch.setattr(parallel.sys, "platform", "linux")
    monkeypatch.setattr(parallel.threading, "active_count", lambda: 1)
    monkeypatch.setattr(parallel.os, "sched_getaffinity", lambda pid: set(range(cores)), raising=False)


def test_large_work_uses_the_cores_up_to_a_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    linux_with_cores(monkeypatch, 2)
    assert parallel.worker_count(5000, 2000) == 2
    linux_with_cores(monkeypatch, 64)
    assert parallel.worker_count(5000, 2000) == parallel.MAX_WORKERS


def test_small_work_and_other_platforms_stay_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    linux_with_cores(monkeypatch, 8)
    assert parallel.worker_count(1999, 2000) == 1
    monkeypatch.setattr(parallel.sys, "platform", "darwin")
    assert parallel.worker_count(5000, 2000) == 1


def test_a_process_with_threads_does_not_fork() -> None:
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert parallel.worker_count(10**6, 1) == 1
    finally:
        stop.set()
        thread.join()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_background_work_runs_in_another_process() -> None:
    here = os.getpid()
    result = parallel.in_background(lambda: (os.getpid(), {"page.md": "text"}))
    pid, pages = result()
    assert pid != here and pages == {"page.md": "text"}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_work_that_fails_in_the_child_is_redone_here() -> None:
    here = os.getpid()
    calls: list[int] = []

    def work() -> int:
        calls.append(os.getpid())  # the child's list is its own copy
        if os.getpid() != here:
            raise RuntimeError("child only")
        return 42

    assert parallel.in_background(work)() == 42
    assert calls == [here]


def test_work_runs_here_when_no_child_can_start(monkeypatch: pytest.MonkeyPatch) -> None:
    class NoFork:
        def Pipe(self, duplex: bool):  # noqa: N802 - multiprocessing's name
            raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing, "get_context", lambda method: NoFork())
    assert parallel.in_background(lambda: os.getpid())() == os.getpid()
