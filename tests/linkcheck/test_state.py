from __future__ import annotations

import os
from pathlib import Path

from gpulist.linkcheck.model import Result, Verdict
from gpulist.linkcheck.state import FailureState


def run(path: Path, verdict: Verdict, after: int = 3) -> Result:
    state = FailureState(path, after)
    state.load(lambda m: None)
    result = state.record(Result("https://flaky.org/", verdict, detail="timed out"))
    state.save()
    return result


def test_transient_three_runs_in_a_row_escalates_to_broken(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    verdicts = [run(path, Verdict.TRANSIENT).verdict for _ in range(3)]
    assert verdicts == [Verdict.TRANSIENT, Verdict.TRANSIENT, Verdict.BROKEN]


def test_any_other_verdict_resets_the_streak(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    run(path, Verdict.TRANSIENT)
    run(path, Verdict.TRANSIENT)
    run(path, Verdict.OK)
    assert run(path, Verdict.TRANSIENT).verdict is Verdict.TRANSIENT


def test_zero_never_escalates(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    assert all(run(path, Verdict.TRANSIENT, after=0).verdict is Verdict.TRANSIENT for _ in range(5))


def test_corrupt_state_is_ignored_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_bytes(b"\xff\xfe not json")
    warnings: list[str] = []
    FailureState(path, 3).load(warnings.append)
    assert warnings


def test_a_run_that_changes_nothing_does_not_rewrite_the_file(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    run(path, Verdict.OK)
    assert not path.exists()  # nothing to remember, nothing written
    run(path, Verdict.TRANSIENT)
    before = path.stat()
    state = FailureState(path, 3)
    state.load(lambda m: None)
    state.save()  # the flaky link was not in this run: forgotten, so the file changes
    assert path.stat().st_ino != before.st_ino
    again = path.stat()
    state = FailureState(path, 3)
    state.load(lambda m: None)
    state.save()
    assert path.stat().st_ino == again.st_ino and path.stat().st_mtime_ns == again.st_mtime_ns


def test_a_state_file_that_is_a_fifo_or_link_is_ignored_not_waited_on(tmp_path: Path) -> None:
    fifo, link = tmp_path / "fifo.json", tmp_path / "link.json"
    os.mkfifo(fifo)  # reading it would block until a writer came
    link.symlink_to("/dev/zero")
    for path in (fifo, link):
        warnings: list[str] = []
        FailureState(path, 3).load(warnings.append)
        assert len(warnings) == 1 and "not a regular file" in warnings[0] and warnings[0].endswith("; ignoring it")
