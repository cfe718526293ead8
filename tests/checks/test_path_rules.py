"""The reading-path rules: unknown entries, repeated steps, too many steps.

One test module for the three rules, since they share the step reader (checks/_paths.py);
each rule is still exercised on its own, through its own `check`.
"""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import path_duplicate_step, path_too_long, path_unknown_entry
from gpulist.models import MAX_STEPS
from tests.catalogs import load

HEADER = "- id: p\n  title: P\n  description: D.\n  steps:\n"


def _paths(*entries: str, extra: str = "") -> str:
    return HEADER + "".join(f"    - {{entry: {e}, why: W.}}\n" for e in entries) + extra


def _where(problems: list) -> list[tuple[int, int, str]]:
    return [(p.line, p.col, p.rule) for p in problems]


def test_unknown_entries_are_located_and_get_a_suggestion(tmp_path: Path) -> None:
    catalog, problems = load(tmp_path, {"paths.yml": _paths("flashattention-2", "flashatention-2", "nothing-like-it")},
                             base=True)
    assert problems == []
    found = path_unknown_entry.check(catalog)
    assert _where(found) == [(6, 15, "path-unknown-entry"), (7, 15, "path-unknown-entry")]
    assert "did you mean 'flashattention-2'?" in found[0].message
    assert "file name under resources/" in found[1].message


def test_steps_of_a_path_broken_elsewhere_are_still_checked(tmp_path: Path) -> None:
    """A path dropped by the model (here: no description) still has its ids checked."""
    text = _paths("missing-entry").replace("  description: D.\n", "")
    catalog, problems = load(tmp_path, {"paths.yml": text}, base=True)
    assert [p.rule for p in problems] == ["missing-field"]
    assert catalog.paths == []
    assert _where(path_unknown_entry.check(catalog)) == [(4, 15, "path-unknown-entry")]


def test_a_repeated_step_is_reported_where_it_repeats(tmp_path: Path) -> None:
    text = _paths("flashattention-2", "semianalysis", "flashattention-2", "flashattention-2")
    catalog, _ = load(tmp_path, {"paths.yml": text}, base=True)
    found = path_duplicate_step.check(catalog)
    assert _where(found) == [(7, 15, "path-duplicate-step"), (8, 15, "path-duplicate-step")]
    assert all("already step 1" in p.message for p in found)


def test_the_same_entry_in_two_paths_is_fine(tmp_path: Path) -> None:
    text = _paths("flashattention-2") + _paths("flashattention-2").replace("id: p", "id: q")
    catalog, _ = load(tmp_path, {"paths.yml": text}, base=True)
    assert path_duplicate_step.check(catalog) == []


def test_too_many_steps_points_at_the_first_one_over(tmp_path: Path) -> None:
    ok = _paths(*[f"e-{i}" for i in range(MAX_STEPS)])
    catalog, _ = load(tmp_path / "ok", {"paths.yml": ok})
    assert path_too_long.check(catalog) == []
    long = _paths(*[f"e-{i}" for i in range(MAX_STEPS + 3)])
    catalog, _ = load(tmp_path / "long", {"paths.yml": long})
    [problem] = path_too_long.check(catalog)
    assert (problem.line, problem.rule) == (5 + MAX_STEPS, "path-too-long")
    assert f"{MAX_STEPS + 3} steps, more than {MAX_STEPS}" in problem.message


def test_no_paths_file_no_problems(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, base=True)
    assert catalog.paths_doc is None
    assert [c(catalog) for c in (path_unknown_entry.check, path_duplicate_step.check, path_too_long.check)] == [[], [], []]
