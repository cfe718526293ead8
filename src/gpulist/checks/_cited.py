"""data/measured-elsewhere.yml as written, for the cited-figure rules.

Read from the raw document, as `_gpus` reads gpus.yml: a figure the model dropped for one
mistake (a value written as text) still has its GPU, source, metric and date checked, and each
problem is located at the very value that is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem


def items(catalog: Catalog, key: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping in the list `key` (sources, figures)."""
    doc = catalog.cited_doc
    values = doc.data.get(key) if doc is not None and isinstance(doc.data, dict) else None
    for i, item in enumerate(values if isinstance(values, list) else []):
        if isinstance(item, dict):
            yield i, item


def text(item: dict[str, Any], field: str) -> str | None:
    value = item.get(field)
    return value.strip() if isinstance(value, str) else None


def at_cited(catalog: Catalog, loc: Loc, message: str, rule: str) -> Problem:
    doc = catalog.cited_doc
    assert doc is not None  # only called for values read from a loaded measured-elsewhere.yml
    return at_doc(doc, loc, message, rule)
