"""The steps of data/paths.yml as written, for the path rules.

Read from the raw document rather than the models, as `duplicate_ids` does: a path that
failed validation for another reason (a missing description) still has its steps checked,
and every step is located at its own line even when an earlier path of the file was dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gpulist.checks._util import at_doc, list_items
from gpulist.load import Catalog
from gpulist.problems import Problem


@dataclass(frozen=True, slots=True)
class WrittenStep:
    path: int  # index of the path in the file
    step: int  # index of the step in its path
    entry: str


def written_paths(catalog: Catalog) -> Iterator[tuple[int, list[Any]]]:
    """(index, steps) of every path item whose `steps` is a list."""
    for i, item in enumerate(list_items(catalog.paths_doc)):
        steps = item.get("steps") if isinstance(item, dict) else None
        if isinstance(steps, list):
            yield i, steps


def written_steps(steps: list[Any], path: int) -> Iterator[WrittenStep]:
    for j, step in enumerate(steps):
        entry = step.get("entry") if isinstance(step, dict) else None
        if isinstance(entry, str):
            yield WrittenStep(path, j, entry.strip())


def at_step(catalog: Catalog, step: WrittenStep, message: str, rule: str) -> Problem:
    """A problem on the `entry` a step names."""
    doc = catalog.paths_doc
    assert doc is not None  # steps are only ever read from a loaded paths.yml
    return at_doc(doc, (step.path, "steps", step.step, "entry"), message, rule)
