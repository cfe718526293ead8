"""The solution's own process: what it prints, how long each call may take, how its result comes back.

A solution runs in a child process (grading.child), never in the grader's: whatever it patches,
leaks or crashes stays there. The child marks each step it starts (import, each call) in a status
file; the grader kills the child's whole process group when a step runs past `call_s` (a hang),
when the run passes `total_s`, or when the child has printed more than `output_bytes` (endless
printing), and says which. The child's result comes back as JSON in a file, carrying a token the
grader gave it on standard input: a result without it (one a solution wrote) is not believed.
Pure (no torch): tested without a GPU, with small Python children.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

POLL_S = 0.05


@dataclass(frozen=True)
class Limits:
    call_s: float = 60.0          # one step: importing, or one call of the solution (its compiling included)
    total_s: float = 600.0        # the whole grading of one problem
    output_bytes: int = 1_000_000  # what the solution may print, stdout and stderr together
    gpu_bytes: int = 16 * 2**30   # device memory the child may hold, inputs and references included

    def as_dict(self) -> dict[str, float]:
        return {"call_s": self.call_s, "total_s": self.total_s, "output_bytes": self.output_bytes,
                "gpu_bytes": self.gpu_bytes}


@dataclass(frozen=True)
class Outcome:
    """How the child ended: `done` with its result, or killed (`hung`, `timeout`, `printed`) or
    `crashed` (it exited without a believable result), with the step it was in and its output's tail."""

    status: str
    result: dict[str, Any] | None
    step: str
    output: str
    returncode: int | None


def run(argv: list[str], payload: dict[str, Any], limits: Limits, cwd: Path | None = None) -> Outcome:
    """Run the child on `payload` (sent on stdin with the token and the files' paths) under `limits`."""
    token = secrets.token_hex(16)
    with tempfile.TemporaryDirectory(prefix="gpulist-practice-") as work:
        status, result, output = (Path(work) / name for name in ("status", "result.json", "output"))
        status.write_text("starting", encoding="utf-8")
        sent = {**payload, "token": token, "status": str(status), "result": str(result), "limits": limits.as_dict()}
        with open(output, "wb") as sink:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=sink, stderr=subprocess.STDOUT, cwd=cwd,
                                    start_new_session=True)
            try:
                proc.stdin.write(json.dumps(sent).encode("utf-8"))
                proc.stdin.close()
            except BrokenPipeError:
                pass
            kind = watch(proc, status, output, limits)
        step = status.read_text(encoding="utf-8", errors="replace")[:200]
        tail = output.read_bytes()[-4000:].decode("utf-8", errors="replace")
        found = read_result(result, token) if kind == "done" else None
        if kind == "done" and found is None:
            kind = "crashed"
        return Outcome(kind, found, step, tail, proc.returncode)


def watch(proc: subprocess.Popen, status: Path, output: Path, limits: Limits) -> str:
    """Wait for the child, killing it at the first limit it passes; returns how it ended."""
    started = time.monotonic()
    last_step, step_since = status.stat().st_mtime_ns, started
    while proc.poll() is None:
        now = time.monotonic()
        mtime = status.stat().st_mtime_ns if status.exists() else last_step
        if mtime != last_step:
            last_step, step_since = mtime, now
        kind = ("printed" if output.stat().st_size > limits.output_bytes else
                "hung" if now - step_since > limits.call_s else
                "timeout" if now - started > limits.total_s else None)
        if kind:
            kill(proc)
            return kind
        time.sleep(POLL_S)
    return "done"


def kill(proc: subprocess.Popen) -> None:
    """End the child and whatever it started (its own process group), by the child's id."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def read_result(path: Path, token: str) -> dict[str, Any] | None:
    """The child's result, if it is there, is JSON and carries the token; else None."""
    try:
        found = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(found, dict) or found.pop("token", None) != token:
        return None
    return found


def mark(status: str, step: str) -> None:
    """The child's side: say which step starts now (the file's change restarts the step clock)."""
    tmp = f"{status}.part"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(step)
    os.replace(tmp, status)
