"""possible-duplicate: two files with the same title, or the same but for a subtitle, a
leading article, case or punctuation, are named together; different titles are not."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from gpulist.checks import possible_duplicate
from tests.catalogs import FIXTURES, load, make_catalog, resource, run_cli

CASES = FIXTURES / "possible-duplicate"
R = "data/resources/"


def _validate(tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str) -> tuple[int, list[str]]:
    data = make_catalog(tmp_path)  # the base entries carry the vocabulary's concepts
    shutil.copytree(CASES / case, data, dirs_exist_ok=True)
    code, out, _ = run_cli(capsys, "validate", "--data", str(data))
    return code, [line for line in out.splitlines() if "[possible-duplicate]" in line]


@pytest.mark.parametrize(("case", "how", "listed"), [
    ("same-title", "same title", "Programming Massively Parallel Processors"),
    ("plus-subtitle", "same title but for a subtitle", "The CUDA Handbook"),
    ("minus-subtitle", "same title but for a subtitle", "Dissecting the Hopper GPU: A Microbenchmark Study"),
    ("catch-all-type", "same title but for a subtitle", "Parallel Patterns (PMPP)"),
])
def test_near_identical_titles_warn_naming_both_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], case: str, how: str,
    listed: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, [line] = _validate(tmp_path, capsys, case)
    assert code == 0  # a warning, never an error
    assert line == (f"{R}b-imported.yml:2:8: warning: possible duplicate of {R}a-listed.yml "
                    f"({how}: '{listed}') [possible-duplicate]")


def test_different_titles_do_not_warn(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Other words, other subtitles after one name, other parentheses, a paper and its code."""
    monkeypatch.chdir(tmp_path)
    assert _validate(tmp_path, capsys, "different-titles") == (0, [])


def test_every_case_is_asserted() -> None:
    assert sorted(p.name for p in CASES.iterdir()) == [
        "catch-all-type", "different-titles", "minus-subtitle", "plus-subtitle", "same-title"]


def test_same_identity_is_left_to_the_duplicate_rule(tmp_path: Path) -> None:
    same = resource(title="FlashAttention", url="https://arxiv.org/abs/2205.14135")
    catalog, _ = load(tmp_path, {"resources/a.yml": same, "resources/b.yml": same})
    assert possible_duplicate.check(catalog) == []


def test_three_copies_each_name_the_first(tmp_path: Path) -> None:
    files = {f"resources/{n}.yml": resource(title="Same Name", url=f"https://example.org/{n}") for n in "abc"}
    catalog, _ = load(tmp_path, files)
    found = [(Path(p.path).name, p.message.split(" (")[0].rsplit("/", 1)[1]) for p in possible_duplicate.check(catalog)]
    assert found == [("b.yml", "a.yml"), ("c.yml", "a.yml")]


def test_the_newer_file_is_warned(tmp_path: Path) -> None:
    """As for `duplicate`: the later `added` is the copy to look at, even when its name sorts first."""
    files = {"resources/a-new.yml": resource(title="Matmul worklog", url="https://example.org/a",
                                             added=dt.date(2025, 6, 1)),
             "resources/b-old.yml": resource(title="Matmul Worklog", url="https://example.org/b",
                                             added=dt.date(2024, 1, 1))}
    catalog, _ = load(tmp_path, files)
    [problem] = possible_duplicate.check(catalog)
    assert Path(problem.path).name == "a-new.yml" and "b-old.yml" in problem.message
