"""An entry appears once per reading path: a second step would ask to read it twice."""

from __future__ import annotations

from gpulist.checks._paths import at_step, written_paths, written_steps
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "path-duplicate-step"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for i, steps in written_paths(catalog):
        first: dict[str, int] = {}
        for step in written_steps(steps, i):
            if step.entry in first:
                msg = f"entry '{step.entry}' is already step {first[step.entry] + 1} of this path"
                problems.append(at_step(catalog, step, msg, RULE))
            first.setdefault(step.entry, step.step)
    return problems
