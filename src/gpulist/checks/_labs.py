"""data/labs.yml and the records under data/measurements/ as written, for the lab rules.

Read from the raw documents, as `_gpus` reads gpus.yml: a record the model dropped for one
mistake (a number written with its unit) still has its lab, GPU and path checked, and a lab
catalogue with one broken item still names every lab, so no record of a known lab is
reported unknown because a neighbour's `shows` was too long.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from gpulist.load import Catalog, Document

MEASUREMENTS = "measurements"


def lab_items(catalog: Catalog) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping under `labs:` in data/labs.yml."""
    doc = catalog.labs_doc
    labs = doc.data.get("labs") if doc is not None and isinstance(doc.data, dict) else None
    for i, item in enumerate(labs if isinstance(labs, list) else []):
        if isinstance(item, dict):
            yield i, item


def lab_ids(catalog: Catalog) -> set[str]:
    return {item["id"].strip() for _, item in lab_items(catalog) if isinstance(item.get("id"), str)}


def records(catalog: Catalog) -> Iterator[tuple[Document, dict[str, Any]]]:
    """Every record file that parsed into a mapping, with its data as written."""
    for doc in catalog.record_docs:
        if isinstance(doc.data, dict):
            yield doc, doc.data


def text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    return value.strip() if isinstance(value, str) else None


def record_place(catalog: Catalog, doc: Document) -> tuple[str, ...]:
    """The parts of the record's path below data/measurements/ (`('h200', 'coalescing.yml')`)."""
    cwd = os.getcwd()
    top = os.path.normpath(os.path.join(cwd, catalog.root, MEASUREMENTS))
    relative = os.path.relpath(os.path.normpath(os.path.join(cwd, doc.path)), top)
    return tuple(relative.split(os.sep))


def v2_records(catalog: Catalog) -> Iterator[tuple[Document, dict[str, Any]]]:
    """The records that say `schema:` (version 2, labs/RECORDS.md): the rules only that version has."""
    for doc, data in records(catalog):
        if data.get("schema") is not None:
            yield doc, data


def items(data: Any, key: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping in the list `data[key]`, as written."""
    found = data.get(key) if isinstance(data, dict) else None
    for i, item in enumerate(found if isinstance(found, list) else []):
        if isinstance(item, dict):
            yield i, item


def points(data: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any], int, dict[str, Any]]]:
    """(series index, series, point index, point) of every point of a record, as written."""
    for i, series in items(data, "series"):
        for j, point in items(series, "points"):
            yield i, series, j, point


def number(value: Any) -> float | None:
    """A number as written (never a bool), else None: a wrong type is the model's to report."""
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
