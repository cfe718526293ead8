"""A reference to a spec number in prose names a GPU, a figure and a unit the data has.

`{{gpu.h200.memory_bandwidth_gbs}}` is written out from data/gpus.yml at build (grammar in
gpulist.numbers); one naming an unknown GPU, an unknown field, a figure the GPU's row lacks or
a unit the figure does not convert to would have nothing true to show, so it is refused, at
the reference itself, with the ids or fields it could have meant.
"""

from __future__ import annotations

from gpulist.checks._prose import locate, prose
from gpulist.load import Catalog
from gpulist.numbers import BRACES, collect, problem
from gpulist.problems import Problem

RULE = "number-ref"


def check(catalog: Catalog) -> list[Problem]:
    figures = None
    problems = []
    for piece in prose(catalog):
        for match in BRACES.finditer(piece.text) if "{{" in piece.text else ():
            figures = figures or collect(catalog.gpus, (r.measurement for r in catalog.records))
            message = problem(match.group(1), figures)
            if message:
                problems.append(locate(piece, match.group(0), message, RULE))
    return problems
