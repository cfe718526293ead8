"""labs/run.py as a user meets it: a list without a GPU, a clear refusal without one, and a
record only from a lab that finished."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import harness
import run

LABS = Path(run.__file__).resolve().parent


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(LABS / "run.py"), *args], capture_output=True, text=True, timeout=120)


def test_a_script_that_disagrees_with_the_catalogue_is_refused(monkeypatch):
    monkeypatch.setattr(harness, "catalogue", lambda: [{"id": "roofline", "script": "labs/coalescing.py",
                                                        "shows": "x", "gpus_needed": 1}])
    with pytest.raises(SystemExit, match="labs/coalescing.py says it is 'coalescing', data/labs.yml says 'roofline'"):
        run.labs()


def test_list_names_every_lab_without_a_gpu():
    out = _run("--list")
    assert out.returncode == 0
    ids = [line.split()[0] for line in out.stdout.splitlines()]
    assert ids == [lab.id for lab in run.labs()] and len(ids) >= 10
    assert "[2 GPUs]" in out.stdout


def test_help_says_what_it_needs():
    out = _run("--help")
    assert out.returncode == 0 and "--all" in out.stdout and "--out" in out.stdout


def test_unknown_lab_is_refused_with_the_known_ones():
    with pytest.raises(SystemExit, match="unknown lab nope; known: memory-bandwidth"):
        run.select(run.parse_args(["--lab", "nope"]), run.labs())


@pytest.mark.skipif(harness.__name__ and __import__("importlib").util.find_spec("torch") is not None,
                    reason="torch is installed here: the no-PyTorch refusal cannot be seen")
def test_without_pytorch_it_says_so_and_exits_2():
    out = _run("--all")
    assert out.returncode == 2 and "PyTorch is not installed" in out.stderr


def test_a_lab_that_fails_writes_no_record(tmp_path, monkeypatch):
    class Broken:
        @staticmethod
        def run(ctx):
            raise harness.CheckFailed("gather at stride 8: output differs from the reference")

    from harness import machine

    monkeypatch.setattr(harness, "gpu_state", lambda index=0: dict.fromkeys(machine.STATE_KEYS))
    ctx = harness.Context(gpu={"id": "h200"}, device_name="NVIDIA H200", props={}, counters_pass=True)
    args = run.parse_args(["--lab", "coalescing", "--out", str(tmp_path / "out")])
    with pytest.raises(harness.CheckFailed):
        run.run_one(run.Lab("coalescing", "x", 1, Broken), ctx, {}, args, tmp_path / "work")
    assert not list(tmp_path.rglob("*"))


def test_labs_run_after_the_labs_they_are_calibrated_on():
    order = [lab.id for lab in run.in_calibration_order(run.labs())]
    for lab in run.labs():
        for key in lab.needs:
            providers = [other.id for other in run.labs() if key in other.provides]
            assert providers, f"{lab.id} needs {key}, which no lab provides"
            assert all(order.index(p) < order.index(lab.id) for p in providers), (lab.id, key)


def test_every_counter_a_lab_asks_for_is_catalogued():
    known = harness.counter_units()
    for lab in run.labs():
        assert set(getattr(lab.module, "COUNTERS", ())) <= set(known), lab.id


def test_labs_never_import_gpulist_and_each_lab_says_what_it_measures():
    for path in LABS.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert "gpulist" not in imported, path.name
    for lab in run.labs():
        doc = lab.module.__doc__
        assert "What it measures" in doc and "How:" in doc and "Against what model" in doc, lab.id
