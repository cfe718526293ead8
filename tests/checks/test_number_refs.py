"""number-ref beyond the broken-numbers corpus (tests/cli/test_validate_numbers.py): every prose field
it reads, and a reference located at its own line and column in a resource's note."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import number_refs
from tests.catalogs import FIXTURES, VALID_WITHOUT_NOTES, load

GPUS = (FIXTURES / "site" / "gpus.yml").read_text(encoding="utf-8")
CONCEPTS = (FIXTURES / "site" / "concepts.yml").read_text(encoding="utf-8")
BAD = "{{gpu.h100-sxm.nope}}"


def test_a_bad_reference_in_a_note_is_located_at_its_column(tmp_path: Path) -> None:
    note = VALID_WITHOUT_NOTES + f'notes:\n  - "Reads at {{{{gpu.h100-sxm.memory_bandwidth_gbs}}}}, or {BAD}."\n'
    catalog, problems = load(tmp_path, {"gpus.yml": GPUS, "resources/noted.yml": note}, base=True)
    assert [p for p in problems if p.is_error] == []
    (problem,) = number_refs.check(catalog)
    line = note.splitlines().index(next(x for x in note.splitlines() if BAD in x))
    assert (problem.path.endswith("resources/noted.yml"), problem.line, problem.col) == (
        True, line + 1, note.splitlines()[line].index(BAD) + 1)
    assert "unknown field 'nope'" in problem.message


def test_descriptions_questions_and_answers_are_read_too(tmp_path: Path) -> None:
    answer = "      4096 × 4096 × 2 bytes = 33.5 MB per head,"
    description = "  description: Attention kernels."
    question = "    question: Is attention with N < 128 tokens still bound by memory traffic?"
    assert all(CONCEPTS.count(x) == 1 for x in (answer, description, question))
    broken = (CONCEPTS.replace(answer, answer.replace("per head", f"per head on {BAD}"))
              .replace(description, description.replace("kernels.", f"kernels, {BAD}."))
              .replace(question, question.replace("traffic?", f"traffic on {BAD}?")))
    catalog, problems = load(tmp_path, {"gpus.yml": GPUS, "concepts.yml": broken}, base=True)
    found = number_refs.check(catalog)
    lines = broken.splitlines()
    assert sorted((p.line, p.col) for p in found) == sorted(
        (i + 1, text.index(BAD) + 1) for i, text in enumerate(lines) if BAD in text)
    assert len(found) == 3


def test_no_reference_no_problem(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"gpus.yml": GPUS, "concepts.yml": CONCEPTS}, base=True)
    assert number_refs.check(catalog) == []
