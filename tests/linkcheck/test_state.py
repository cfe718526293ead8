from __future__ import annotations

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
