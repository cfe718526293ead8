"""Shared helpers for the link-check benchmarks: a server process and measured child runs."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


@contextmanager
def server(hosts: int, port: int, latency: float) -> Iterator[None]:
    proc = subprocess.Popen(
        [sys.executable, str(REPO / "benchmarks" / "linkcheck_server.py"), "--hosts", str(hosts), "--port",
         str(port), "--latency", str(latency), "--lifetime", "900"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        if proc.stdout is None or proc.stdout.readline().strip() != "ready":
            raise RuntimeError("benchmark server did not start")
        yield
    finally:
        if proc.stdin:
            proc.stdin.close()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


def write_urls(path: Path, n: int, hosts: int, port: int) -> Path:
    lines = [f"http://127.0.0.{i % hosts + 1}:{port}/page/{i}" for i in range(n)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def measure(cmd: list[str], cwd: Path | None = None) -> tuple[float, float, int, float]:
    """(wall seconds, peak RSS in MB, exit code, CPU seconds) of one child, from its own rusage.

    CPU time is reported too because wall time on a shared 2-core machine depends on
    what else runs; CPU seconds say what the tool itself costs.
    """
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        print(f"  ! {cmd[0]} exited {code}: {err[-500:]}")
    return wall, usage.ru_maxrss / 1024, code, usage.ru_utime + usage.ru_stime


def gpulist_cmd(*args: str) -> list[str]:
    return [str(BIN / "gpulist"), "check-links", *args]
