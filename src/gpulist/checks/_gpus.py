"""data/gpus.yml as written, for the GPU rules.

Read from the raw document, as `_concepts` reads concepts.yml: a GPU the model dropped for
another reason (a number written as text) still has its references, repeats and peaks
checked, and each problem is located at the very value that is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem, Severity


def section(catalog: Catalog, key: str) -> Any:
    """One top-level section of the file as written (None when absent or the file is not a mapping)."""
    doc = catalog.gpus_doc
    return doc.data.get(key) if doc is not None and isinstance(doc.data, dict) else None


def items(catalog: Catalog, key: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping in the list `key` (sources, gpus, models)."""
    values = section(catalog, key)
    for i, item in enumerate(values if isinstance(values, list) else []):
        if isinstance(item, dict):
            yield i, item


def text(item: dict[str, Any], field: str) -> str | None:
    value = item.get(field)
    return value.strip() if isinstance(value, str) else None


def figure_groups(gpu: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    groups = gpu.get("figures")
    for j, group in enumerate(groups if isinstance(groups, list) else []):
        if isinstance(group, dict):
            yield j, group


def ids(catalog: Catalog, key: str) -> set[str]:
    return {value for _, item in items(catalog, key) if (value := text(item, "id"))}


def at_gpus(catalog: Catalog, loc: Loc, message: str, rule: str, severity: Severity = "error") -> Problem:
    doc = catalog.gpus_doc
    assert doc is not None  # only called for values read from a loaded gpus.yml
    return at_doc(doc, loc, message, rule, severity)
