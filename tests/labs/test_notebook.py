"""labs/run_labs.ipynb: a valid notebook, made by scripts/make_lab_notebook.py, running the
commands CONTRIBUTING gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "labs" / "run_labs.ipynb"


def _maker():
    spec = importlib.util.spec_from_file_location("make_lab_notebook", ROOT / "scripts" / "make_lab_notebook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_notebook_is_valid_and_as_its_maker_writes_it():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert NOTEBOOK.read_text(encoding="utf-8") == nbformat.writes(_maker().notebook()) + "\n"


def test_its_run_and_compare_cells_are_the_commands_contributing_gives():
    maker, contributing = _maker(), (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    sources = [c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code"]
    assert f"!{maker.RUN}" in sources and f"!{maker.COMPARE}" in sources
    assert maker.RUN in contributing and maker.COMPARE in contributing and "labs/run_labs.ipynb" in contributing
