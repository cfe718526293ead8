"""Each GPU, source and model of data/gpus.yml is listed once.

A GPU listed twice would give the page two rows with one anchor and the calculators two
entries of one name; two GPUs may not share a name either (the same part under two ids),
compared without case. Each repeat is reported where it is written, naming the first.
"""

from __future__ import annotations

from gpulist.checks._gpus import at_gpus, items, text
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "gpu-duplicate"
# (list, field, what the item is called)
_UNIQUE = (("gpus", "id", "GPU"), ("gpus", "name", "GPU name"), ("sources", "id", "source"), ("models", "id", "model"))


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for key, field, noun in _UNIQUE:
        first: dict[str, int] = {}
        for i, item in items(catalog, key):
            value = text(item, field)
            if value is None:
                continue
            if value.casefold() in first:
                message = f"{noun} '{value}' is listed twice (first as {key}[{first[value.casefold()]}])"
                problems.append(at_gpus(catalog, (key, i, field), message, RULE))
            first.setdefault(value.casefold(), i)
    return problems
