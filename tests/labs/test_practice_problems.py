"""data/practice.yml and labs/problems/: each problem has its files, its formulas are arithmetic
over its shapes' names, its starter and wrong solutions pass the source checks and its cheating
solution is refused by them, for the reason it was written to show. Read with ast: the problem
files import torch, which these tests never need."""

from __future__ import annotations

import ast

import pytest

from grading import cheats, problems

PROBLEMS = problems.catalogue()
FILES = ("reference.py", "starter.py", "wrong.py", "cheat.py")
# The rule each shipped cheating solution was written to show.
CHEAT_RULE = {"transpose": "forbidden", "vector-copy": "cache", "fused-chain": "cache", "row-softmax": "forbidden",
              "sum-reduction": "stream", "matmul": "import", "gemv-decode": "import", "layer-norm": "cache",
              "decode-attention": "dynamic", "histogram": "patch"}


def source(problem: dict, name: str) -> str:
    return (problems.folder(problem) / name).read_text(encoding="utf-8")


def test_at_least_ten_problems_over_at_least_six_concepts():
    assert len(PROBLEMS) >= 10
    assert len({c for p in PROBLEMS for c in p["concepts"]}) >= 6
    assert len({p["id"] for p in PROBLEMS}) == len(PROBLEMS)


def test_every_problem_folder_is_in_the_catalogue_and_has_its_files():
    folders = {p.name for p in problems.PROBLEMS_DIR.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert folders == {p["id"] for p in PROBLEMS}
    for problem in PROBLEMS:
        for name in FILES:
            assert (problems.folder(problem) / name).is_file(), (problem["id"], name)


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p["id"])
def test_formulas_use_only_the_shape_names_and_give_positive_bytes(problem):
    for shape in problem["shapes"]:
        assert set(shape) == set(problem["shapes"][0]), "every shape names the same dimensions"
        assert problems.names(problem["bytes"]) | problems.names(problem["flops"]) <= set(shape) | {"s"}
        nbytes, flops = problems.amounts(problem, shape)
        assert nbytes > 0 and flops >= 0
    assert len(problem["shapes"]) >= 3


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p["id"])
def test_reference_defines_inputs_and_reference_and_the_solutions_match_the_signature(problem):
    defined = {n.name: n for n in ast.parse(source(problem, "reference.py")).body if isinstance(n, ast.FunctionDef)}
    assert {"inputs", "reference"} <= set(defined)
    arity = len(problem["signature"].split("(")[1].split(")")[0].split(","))
    assert len(defined["reference"].args.args) == arity
    for name in ("starter.py", "wrong.py"):
        solution = next(n for n in ast.parse(source(problem, name)).body
                        if isinstance(n, ast.FunctionDef) and n.name == "solution")
        assert len(solution.args.args) == arity, name


@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda p: p["id"])
def test_starter_and_wrong_pass_the_source_checks_and_the_cheat_is_refused(problem):
    for name in ("starter.py", "wrong.py"):
        assert cheats.inspect_source(source(problem, name), problem["forbidden"]) == [], name
    rules = {f.rule for f in cheats.inspect_source(source(problem, "cheat.py"), problem["forbidden"])}
    assert CHEAT_RULE[problem["id"]] in rules


def test_a_formula_is_arithmetic_and_nothing_else():
    assert problems.evaluate("2 * M * N * s", {"M": 3, "N": 5}, "fp16") == 60
    assert problems.evaluate("(M * K + K * N + M * N) * s", {"M": 2, "N": 3, "K": 4}, "fp32") == (8 + 12 + 6) * 4
    for bad in ("__import__('os').system('true')", "M.real", "[M]", "M if N else 1", "'x' * 2"):
        with pytest.raises(problems.FormulaError):
            problems.evaluate(bad, {"M": 1, "N": 1}, "fp32")
    with pytest.raises(problems.FormulaError, match="'Q' is not a name of the shape"):
        problems.evaluate("Q * 2", {"M": 1}, "fp32")


def test_an_unknown_problem_names_the_known_ones():
    with pytest.raises(KeyError, match="unknown problem 'nope'; known: transpose"):
        problems.find(PROBLEMS, "nope")
