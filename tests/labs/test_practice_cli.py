"""labs/practice.py without a GPU: the list, a problem's statement, the refusals that need no
GPU (unknown problem, missing file, a cheating source), and a kept record of a refusal."""

from __future__ import annotations

import importlib.util
import shutil

import pytest
import yaml

import practice
from grading import problems


def test_list_names_every_problem_with_its_concepts(capsys):
    assert practice.main(["--list"]) == 0
    out = capsys.readouterr().out
    for problem in problems.catalogue():
        assert problem["id"] in out and ", ".join(problem["concepts"]) in out


def test_a_problem_alone_shows_its_statement_formulas_and_the_commands(capsys):
    assert practice.main(["--problem", "row-softmax"]) == 0
    out = capsys.readouterr().out
    assert "bytes = 2 * M * N * s" in out and "cp labs/problems/row-softmax/starter.py mine.py" in out
    assert "python labs/practice.py --problem row-softmax --solution mine.py" in out


def test_an_unknown_problem_or_a_missing_file_cannot_be_graded(capsys, tmp_path):
    assert practice.main(["--problem", "nope", "--solution", "x.py"]) == practice.UNAVAILABLE
    assert "known: transpose" in capsys.readouterr().err
    assert practice.main(["--problem", "matmul", "--solution", str(tmp_path / "absent.py")]) == practice.UNAVAILABLE


@pytest.mark.parametrize("problem", problems.catalogue(), ids=lambda p: p["id"])
def test_each_shipped_cheat_is_refused_unrun_and_the_record_says_why(problem, tmp_path, capsys):
    cheat = tmp_path / "cheat.py"
    shutil.copy(problems.folder(problem) / "cheat.py", cheat)
    out = tmp_path / "graded.yml"
    assert practice.main(["--problem", problem["id"], "--solution", str(cheat), "--out", str(out)]) == practice.REFUSED
    assert "refused, not run" in capsys.readouterr().out
    kept = yaml.safe_load(out.read_text(encoding="utf-8"))
    assert kept["verdict"] == "refused" and kept["problem"] == problem["id"] and "score" not in kept


@pytest.mark.skipif(importlib.util.find_spec("torch") is not None, reason="PyTorch is installed here")
def test_without_pytorch_a_clean_solution_is_not_graded_and_says_why(capsys):
    starter = problems.folder(problems.find(problems.catalogue(), "transpose")) / "starter.py"
    assert practice.main(["--problem", "transpose", "--solution", str(starter)]) == practice.UNAVAILABLE
    assert "PyTorch is not installed" in capsys.readouterr().err
