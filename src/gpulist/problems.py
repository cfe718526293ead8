"""Problems are values, not exceptions.

A contributor who makes three mistakes should hear about all three at once, so every
stage (reading YAML, validating models, cross-checking the catalog) returns a list of
`Problem` values instead of raising. Exceptions are kept for situations where nothing
sensible can continue, and all of them come from one hierarchy:

    GpulistError
     ├── UsageError        bad command-line input; exit code 2
     └── DataError         the data cannot be used; carries the problems that say why
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One finding, located precisely enough for an editor or a GitHub annotation."""

    path: str
    line: int
    col: int
    message: str = field(compare=False)
    rule: str = field(compare=False)
    severity: Severity = field(default="error", compare=False)

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


def has_errors(problems: list[Problem]) -> bool:
    return any(p.is_error for p in problems)


class GpulistError(Exception):
    """Base of every error gpulist raises on purpose."""


class UsageError(GpulistError):
    """The command line asked for something impossible; the CLI exits with 2."""


class DataError(GpulistError):
    """The data could not be used; `problems` says exactly where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(f"{len(problems)} problem(s) in the data")
