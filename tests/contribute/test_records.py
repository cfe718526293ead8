"""`gpulist records` on a contributed record: the labs commit it names, its plausibility beside
the GPU's other records, and the reviewer's table (gpulist.contribute.records and _summary).

Each test builds a scratch repository: the fixture catalog committed, then a record added."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gpulist.cli import main
from tests.site.conftest import FIXTURE

RECORD = Path("data/measurements/h100-sxm/matmul-ceilings.yml")


def _git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=repo, capture_output=True, text=True, check=True,
                          env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t",
                               "GIT_COMMITTER_EMAIL": "t@example.org", "HOME": str(repo), "PATH": "/usr/bin:/bin"})
    return done.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixture catalog as a repository's data/, committed once; the process runs inside it."""
    shutil.copytree(FIXTURE, tmp_path / "data")
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "base")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _with_commit(repo: Path, commit: str) -> Path:
    path = repo / RECORD
    path.write_text(re.sub(r"labs_commit: \S+", f"labs_commit: {commit}", path.read_text(encoding="utf-8")),
                    encoding="utf-8")
    return path


def test_a_record_of_a_known_commit_is_ready_and_tabled_beside_the_peak(repo: Path, capsys) -> None:
    head = _git(repo, "rev-parse", "--short=12", "HEAD")
    path = _with_commit(repo, head)
    assert main(["records", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ready for review" in out and "### matmul-ceilings on h100-sxm" in out
    assert re.search(r"\| dense\.bf16 \| 740 TFLOPS \| 989 TFLOPS \| 75% \|", out), out


@pytest.mark.parametrize(("commit", "said"), [("uncommitted", "is 'uncommitted'"),
                                              ("abcdef123456", "is not a commit of this repository")])
def test_a_record_of_no_known_commit_is_refused_at_its_line(repo: Path, capsys, commit: str, said: str) -> None:
    path = _with_commit(repo, commit)
    assert main(["records", str(path)]) == 1
    err = capsys.readouterr().err
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "labs_commit" in text)
    assert f"matmul-ceilings.yml:{line}:" in err and said in err and "[contribution-commit]" in err


def test_a_ceiling_far_from_another_labs_measure_on_the_same_gpu_is_refused(repo: Path, capsys) -> None:
    """The copy lab says 2,935 GB/s; a roofline record that says 900 GB/s for the same figure is 3.3x off."""
    head = _git(repo, "rev-parse", "HEAD")
    roofline = repo / "data/measurements/h100-sxm/roofline.yml"
    text = re.sub(r"labs_commit: \S+", f"labs_commit: {head}", roofline.read_text(encoding="utf-8"))
    extra = "- {metric: memory_bandwidth_gbs, value: 900.0, unit: GB/s, how: the flat part's bandwidth}\n"
    text = text.replace("ceilings:\n", "ceilings:\n" + extra) if "ceilings:\n" in text else text + "ceilings:\n" + extra
    roofline.write_text(text, encoding="utf-8")
    assert main(["records", str(roofline)]) == 1
    err = capsys.readouterr().err
    assert "[contribution-plausible]" in err and "3.3x the memory-bandwidth lab's 2935" in err


def test_changed_since_finds_the_changed_record_and_nothing_else(repo: Path, capsys) -> None:
    head = _git(repo, "rev-parse", "HEAD")
    _git(repo, "checkout", "-q", "-b", "contribution")
    _with_commit(repo, head)
    _git(repo, "commit", "-q", "-am", "a contributed record")
    assert main(["records", "--changed-since", "main"]) == 0
    out = capsys.readouterr().out
    assert out.count("### matmul-ceilings on h100-sxm") == 1 and "memory-bandwidth on" not in out, out


def test_no_record_and_a_missing_file_are_said_plainly(repo: Path, capsys) -> None:
    assert main(["records"]) == 0 and "no record to check" in capsys.readouterr().err
    assert main(["records", "data/measurements/nope.yml"]) == 2
    assert "no such record: data/measurements/nope.yml" in capsys.readouterr().err
    assert main(["records", "--changed-since", "no-such-ref"]) == 2
    assert "unknown git ref 'no-such-ref'" in capsys.readouterr().err
