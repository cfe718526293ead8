"""A concept's vendor terms name concepts that exist, and neither they nor its metrics repeat.

A vendor term's `concept` becomes a link in the concept page's vendor table (AMD's Matrix
cores on Tensor Cores lead to AMD Matrix Cores), so an unknown id would be a dead link, and
a term that names its own concept links the page to itself. A term or a metric written twice
shows twice in the table. Each problem is located at the very item that is wrong, read from
the document as written (gpulist.checks._concepts), so a concept the model dropped for
another reason still has its terms checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._concepts import at_concept, written_concepts
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "vendor-term"


def check(catalog: Catalog) -> list[Problem]:
    items = list(written_concepts(catalog))
    known = {cid for _, cid, _ in items}
    problems: list[Problem] = []
    for i, cid, item in items:
        for loc, message in [*_term_problems(i, cid, item, known), *_repeats(i, item, "metrics", ("profiler", "metric"))]:
            problems.append(at_concept(catalog, loc, message, RULE))
    return problems


def _mappings(item: dict[str, Any], field: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(position, mapping) of each item of a list field; other shapes are the model's to report."""
    values = item.get(field)
    for j, value in enumerate(values if isinstance(values, list) else []):
        if isinstance(value, dict):
            yield j, value


def _term_problems(i: int, cid: str, item: dict[str, Any], known: set[str]) -> Iterator[tuple[Loc, str]]:
    for j, term in _mappings(item, "vendor_terms"):
        ref = term.get("concept")
        if not isinstance(ref, str):
            continue
        ref = ref.strip()
        where: Loc = (i, "vendor_terms", j, "concept")
        if ref == cid:
            yield where, f"vendor term '{term.get('term')}' names its own concept '{cid}': leave `concept` out"
        elif ref not in known:
            yield where, (f"vendor term '{term.get('term')}' names unknown concept '{ref}'"
                          f"{suggest(ref, known) or ' (not in concepts.yml)'}")
    yield from _repeats(i, item, "vendor_terms", ("vendor", "term"))


def _repeats(i: int, item: dict[str, Any], field: str, keys: tuple[str, str]) -> Iterator[tuple[Loc, str]]:
    """The second and later items of `field` that say what an earlier one said (same two keys)."""
    seen: set[tuple[str, str]] = set()
    for j, value in _mappings(item, field):
        pair = tuple(str(value.get(k, "")).strip().casefold() for k in keys)
        if pair in seen:
            yield (i, field, j), f"{keys[0]} {value.get(keys[0])!r} lists {value.get(keys[1])!r} twice in `{field}`"
        seen.add(pair)  # type: ignore[arg-type]
