"""The practice problems as data/practice.yml lists them, and their bytes and FLOPs formulas.

YAML in, plain dicts out, as harness.catalog reads the labs: the grader never imports gpulist,
whose model (gpulist.models.practice) checks the same file on the site's side. A formula is an
arithmetic expression over the shape's names and `s`, the bytes of one element of the problem's
dtype; it is read with ast and evaluated over numbers only, never with eval.
"""

from __future__ import annotations

import ast
import operator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
PRACTICE_YML = ROOT / "data" / "practice.yml"
PROBLEMS_DIR = ROOT / "labs" / "problems"
DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "int32": 4}
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.FloorDiv: operator.floordiv, ast.Pow: operator.pow}


class FormulaError(ValueError):
    """A bytes or FLOPs formula that is not plain arithmetic over the shape's names."""


def catalogue(path: Path = PRACTICE_YML) -> list[dict[str, Any]]:
    """Every problem, in the order the Practice page lists them."""
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["problems"]


def find(problems: list[dict[str, Any]], name: str) -> dict[str, Any]:
    """The problem called `name`; an unknown name is an error that lists the known ones."""
    for problem in problems:
        if problem["id"] == name:
            return problem
    raise KeyError(f"unknown problem {name!r}; known: {', '.join(p['id'] for p in problems)}")


def folder(problem: dict[str, Any], root: Path = PROBLEMS_DIR) -> Path:
    """labs/problems/<id>/: reference.py, starter.py, wrong.py and cheat.py."""
    return root / problem["id"]


def names(formula: str) -> set[str]:
    """The names a formula uses, after checking it is arithmetic only."""
    tree = _parse(formula)
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def evaluate(formula: str, shape: dict[str, int], dtype: str) -> float:
    """The formula's value at one shape, `s` being the element size of `dtype` in bytes."""
    values = {**shape, "s": DTYPE_BYTES[dtype]}
    return float(_value(_parse(formula).body, values, formula))


def _parse(formula: str) -> ast.Expression:
    try:
        tree = ast.parse(str(formula), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"{formula!r} is not an arithmetic expression ({exc.msg})") from exc
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Expression, ast.BinOp, ast.Constant, ast.Name, ast.Load, *_OPS)):
            raise FormulaError(f"{formula!r}: only numbers, names and + - * / // ** are allowed, "
                               f"found {type(node).__name__}")
        if isinstance(node, ast.Constant) and not isinstance(node.value, (int, float)):
            raise FormulaError(f"{formula!r}: {node.value!r} is not a number")
    return tree


def _value(node: ast.AST, values: dict[str, int], formula: str) -> float:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in values:
            raise FormulaError(f"{formula!r}: {node.id!r} is not a name of the shape ({', '.join(values)})")
        return values[node.id]
    assert isinstance(node, ast.BinOp)
    return _OPS[type(node.op)](_value(node.left, values, formula), _value(node.right, values, formula))


def amounts(problem: dict[str, Any], shape: dict[str, int]) -> tuple[float, float]:
    """(bytes, FLOPs) the problem must move and compute at one shape, at the least."""
    return (evaluate(problem["bytes"], shape, problem["dtype"]), evaluate(problem["flops"], shape, problem["dtype"]))
