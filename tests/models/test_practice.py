"""gpulist.models.practice: what a practice problem must be for the grader to read it."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from gpulist.models import PracticeFile, PracticeProblem, formula_names
from tests.catalogs import FIXTURES

VALID = yaml.safe_load((FIXTURES / "broken_practice" / "unknown-concept.yml").read_text(encoding="utf-8"))["problems"][0]


def with_(**changes: object) -> dict:
    return {**VALID, **changes}


def test_formulas_are_arithmetic_over_names() -> None:
    assert formula_names("(M * K + K * N) * s // 2 ** 1") == {"M", "K", "N", "s"}
    for bad in ("open('x')", "M.real", "[M]", "'a'", "M if N else K", "M <"):
        with pytest.raises(ValueError):
            formula_names(bad)


def test_a_valid_problem_and_its_defaults() -> None:
    problem = PracticeProblem.model_validate(with_(check="close", rtol=1e-4))
    assert problem.rtol == 1e-4 and problem.forbidden == ["torch.clone", "Tensor.clone", "@"]
    assert PracticeProblem.model_validate({k: v for k, v in VALID.items() if k not in ("check", "forbidden")}).check == "close"


@pytest.mark.parametrize("changes", [
    {"signature": "solve(x) -> y"}, {"signature": "solution(x)"}, {"dtype": "fp64"}, {"resource": "network"},
    {"shapes": [{"M": 1}, {"M": 2}]}, {"shapes": [{"M": 0}, {"M": 1}, {"M": 2}]}, {"shapes": [{}, {}, {}]},
    {"forbidden": ["numpy.sum"]}, {"forbidden": ["torch"]}, {"rtol": 0.5}, {"rtol": 0.0}, {"check": "approx"},
    {"concepts": []}, {"statement": "x" * 401}, {"bytes": "2 * M +"}, {"flops": 0},
])
def test_what_the_grader_could_not_read_is_refused(changes: dict) -> None:
    with pytest.raises(ValidationError):
        PracticeProblem.model_validate(with_(**changes))


def test_the_file_needs_a_problem() -> None:
    with pytest.raises(ValidationError):
        PracticeFile.model_validate({"problems": []})
