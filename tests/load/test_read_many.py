"""Parsing in worker processes gives exactly what parsing in-process gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist import parallel
from gpulist.checks import validate
from gpulist.load import read_many
from gpulist.load.loader import resource_files
from gpulist.load.yaml_reader import read_yaml_file

from tests.catalogs import BROKEN, add_broken, make_catalog


@pytest.fixture
def messy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The minimal catalog with every broken resource file of the corpus dropped in."""
    monkeypatch.chdir(tmp_path)
    data = make_catalog(tmp_path)
    for case in sorted(p.name for p in BROKEN.iterdir() if p.is_file()):
        add_broken(data, case)
    return Path("data")


def outcome(data: Path) -> tuple[list, list]:
    catalog, problems = validate(data)
    return [e.resource for e in catalog.entries], problems


def force_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "worker_count", lambda items, minimum: 2)


def test_workers_find_the_same_entries_and_problems(messy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    serial = outcome(messy)
    assert serial[1], "the corpus should produce problems"
    force_workers(monkeypatch)
    assert outcome(messy) == serial


def test_marks_are_rebuilt_where_a_problem_needs_them(messy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    force_workers(monkeypatch)
    paths = resource_files(messy)
    here = {doc.path: doc for doc, _ in map(read_yaml_file, paths) if doc}
    from_workers = [doc for doc, _ in read_many.read_documents(paths) if doc]
    assert len(from_workers) == len(here) > 1
    for doc in from_workers:
        assert doc._marks is None, "marks do not travel back from workers"
        expected = here[doc.path].marks
        assert {loc: doc.marks.at(loc) for loc in expected.values} == {loc: expected.at(loc) for loc in expected.values}
        assert doc.marks.raw == expected.raw


def test_workers_that_break_midway_leave_the_rest_to_be_parsed_here(
        messy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from concurrent.futures.process import BrokenProcessPool

    serial = outcome(messy)

    def breaks_after_two(paths: list[Path], workers: int, max_bytes: int):
        yield from map(read_yaml_file, paths[:2])
        raise BrokenProcessPool("a worker died")

    force_workers(monkeypatch)
    monkeypatch.setattr(read_many, "_in_workers", breaks_after_two)
    assert outcome(messy) == serial


def test_a_failed_fork_falls_back_to_parsing_here(messy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    serial = outcome(messy)

    def no_fork(paths: list[Path], workers: int, max_bytes: int) -> list:
        raise OSError(11, "Resource temporarily unavailable")

    force_workers(monkeypatch)
    monkeypatch.setattr(read_many, "_in_workers", no_fork)
    assert outcome(messy) == serial
