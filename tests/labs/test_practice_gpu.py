"""labs/practice.py on a real GPU (marked `gpu`; skipped without PyTorch or a CUDA GPU, as in CI):
every problem's starter is graded, its wrong solution is found wrong and its cheat refused, and
the refusals that only running can show (a changed input, a cache keyed by address, an output of
the wrong shape, an error, a hang, endless printing) each come back with their reason."""

from __future__ import annotations

import textwrap

import pytest
import yaml

import practice
from grading import problems

torch = pytest.importorskip("torch")
pytestmark = [pytest.mark.gpu, pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]

PROBLEMS = problems.catalogue()


def grade(problem_id: str, path, tmp_path, *extra: str) -> tuple[int, dict]:
    out = tmp_path / "graded.yml"
    code = practice.main(["--problem", problem_id, "--solution", str(path), "--out", str(out), "--quick", *extra])
    return code, yaml.safe_load(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p["id"])
def test_the_starter_is_graded_against_a_measured_ceiling(problem, tmp_path):
    code, kept = grade(problem["id"], problems.folder(problem) / "starter.py", tmp_path)
    assert code == practice.GRADED, kept
    assert 0 < kept["score"] < 1.5 and len(kept["shapes"]) == len(problem["shapes"])
    assert kept["ceiling"]["source"]


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p["id"])
def test_the_wrong_solution_is_wrong_and_the_cheat_refused(problem, tmp_path):
    assert grade(problem["id"], problems.folder(problem) / "wrong.py", tmp_path)[0] == practice.WRONG
    assert grade(problem["id"], problems.folder(problem) / "cheat.py", tmp_path)[0] == practice.REFUSED


COPY = """
import torch
import triton
import triton.language as tl


@triton.jit
def _copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def launch(x):
    y = torch.empty_like(x)
    _copy[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
    return y
"""


@pytest.mark.parametrize("body, rule", [
    ("def solution(x):\n    x.mul_(1.0)\n    x[0] = 0\n    return launch(x)\n", "inputs"),
    ("def solution(x):\n    return launch(x)[:-1]\n", "output"),
    ("def solution(x):\n    return launch(x).float()\n", "output"),
    ("def solution(x):\n    return launch(x).cpu()\n", "output"),
    ("def solution(x):\n    return x\n", "output"),
    ("def solution(x):\n    raise ValueError('not yet')\n", "raises"),
    ("def solution(x):\n    return torch.empty(2**40, device='cuda')\n", "memory"),
    ("raise ImportError('broken')\ndef solution(x):\n    return x\n", "import"),
])
def test_what_only_running_shows_is_refused_with_its_reason(body, rule, tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(COPY + textwrap.dedent(body), encoding="utf-8")
    code, kept = grade("vector-copy", path, tmp_path)
    assert (code, kept["rule"]) == (practice.REFUSED, rule), kept


def test_a_hang_and_endless_printing_are_stopped(tmp_path):
    hang = tmp_path / "hang.py"
    hang.write_text(COPY + "def solution(x):\n    while True:\n        pass\n", encoding="utf-8")
    assert grade("vector-copy", hang, tmp_path, "--call-limit", "20")[1]["reason"].count("did not finish") == 1
    loud = tmp_path / "loud.py"
    loud.write_text(COPY + "def solution(x):\n    while True:\n        print('x' * 80)\n", encoding="utf-8")
    assert "printed more than" in grade("vector-copy", loud, tmp_path)[1]["reason"]
