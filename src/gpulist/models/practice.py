"""The practice problems: data/practice.yml, one item per kernel a reader writes and has graded.

`python labs/practice.py --problem <id> --solution FILE.py` grades a solution against the
reader's own GPU's measured roof; its reference, inputs, starter, wrong and cheating solutions
live in labs/problems/<id>/. The grader reads this file as plain YAML (the labs never import
gpulist), so this model is what keeps it sound: the formulas are arithmetic the grader can
evaluate, the shapes are there, the forbidden calls are names the grader's source check
understands. Whether the concepts exist, the shapes share their names and the formulas use only
those names is for the cross-check (gpulist.checks.practice_refs), which can point at the place.
"""

from __future__ import annotations

import ast
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text

MAX_STATEMENT = 400
DTYPES = ("fp32", "fp16", "bf16", "int32")
RESOURCES = ("memory", "compute")
_ARITHMETIC = (ast.Expression, ast.BinOp, ast.Constant, ast.Name, ast.Load, ast.Add, ast.Sub, ast.Mult, ast.Div,
               ast.FloorDiv, ast.Pow)


def formula_names(formula: str) -> set[str]:
    """The names of an arithmetic formula (the shape's dimensions and s); raises on anything else."""
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError:
        raise PydanticCustomError("formula", "'{formula}' is not an arithmetic expression", {"formula": formula})
    for node in ast.walk(tree):
        if not isinstance(node, _ARITHMETIC) or (isinstance(node, ast.Constant) and not isinstance(node.value, (int, float))):
            raise PydanticCustomError("formula", "'{formula}': only numbers, names and + - * / // ** are allowed "
                                      "(the grader evaluates it over the shape)", {"formula": formula})
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}


def _formula(value: str) -> str:
    formula_names(value)
    return value


Formula = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1), AfterValidator(_formula)]
Signature = Annotated[str, StringConstraints(pattern=r"^solution\([a-z_]+(, [a-z_]+)*\) -> [a-z_]+$")]
# torch.X (X reached from an import of torch), Tensor.X (the method), or @ (the matmul operator)
Forbidden = Annotated[str, StringConstraints(pattern=r"^(@|torch(\.[A-Za-z_][A-Za-z0-9_]*)+|Tensor\.[A-Za-z_][A-Za-z0-9_]*)$")]
Dimension = Annotated[str, StringConstraints(pattern=r"^[A-Za-z][A-Za-z0-9_]*$")]
Shape = Annotated[dict[Dimension, Annotated[int, Field(ge=1)]], Field(min_length=1)]
Statement = Annotated[Text, StringConstraints(max_length=MAX_STATEMENT)]


class PracticeProblem(Strict):
    id: Id = Field(description="The problem's name: `python labs/practice.py --problem <id>`, and its folder labs/problems/<id>/.")
    title: Text
    statement: Statement = Field(description="What to compute and what makes it fast, in two sentences or so.")
    signature: Signature = Field(description="solution(<inputs>) -> <output>, as the reference takes and returns them.")
    concepts: list[Ref] = Field(min_length=1, description="Concept ids whose pages list the problem in their Practise part.")
    dtype: Literal[DTYPES] = Field(description="The element type the tolerance and the compute ceiling are of.")
    check: Literal["exact", "close"] = Field(default="close", description="exact for data movement and counts.")
    rtol: Annotated[float, Field(gt=0, le=0.1)] | None = Field(
        default=None, description="A relative tolerance of the problem's own, where its dtype's is too tight.")
    resource: Literal[RESOURCES] = Field(description="The roof the score is a share of: memory bandwidth or the dtype's dense rate.")
    bytes: Formula = Field(description="Bytes moved at the least, over the shape's names and s (bytes per element).")
    flops: Formula = Field(description="FLOPs done at the least, over the same names.")
    shapes: list[Shape] = Field(min_length=3, description="The shapes graded, each a mapping of dimension to size.")
    forbidden: list[Forbidden] = Field(default_factory=list, description="Library calls that would do the problem's work.")


class PracticeFile(Strict):
    problems: list[PracticeProblem] = Field(min_length=1, description="Every problem, in the order the Practice page lists them.")
