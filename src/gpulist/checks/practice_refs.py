"""What data/practice.yml names exists and adds up: concepts, ids, shapes and formulas.

A problem's concepts are the pages that list it in their Practise part: an unknown id would
leave the problem off every page. The grader evaluates `bytes` and `flops` at each shape, so
every shape must name the same dimensions and a formula may use only those names and `s` (the
bytes per element): a name it lacks would stop a grading after the solution had run. An `rtol`
on an `exact` problem would be silently ignored by the grader. Read from the raw document, as
the lab rules are, so one broken item does not hide the others' mistakes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._concepts import written_concepts
from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog, Document
from gpulist.models import formula_names
from gpulist.problems import Problem

RULE = "practice-ref"
ELEMENT = "s"


def problem_items(catalog: Catalog) -> Iterator[tuple[int, dict[str, Any]]]:
    """(index, item) of each mapping under `problems:` in data/practice.yml."""
    doc = catalog.practice_doc
    items = doc.data.get("problems") if doc is not None and isinstance(doc.data, dict) else None
    for i, item in enumerate(items if isinstance(items, list) else []):
        if isinstance(item, dict):
            yield i, item


def check(catalog: Catalog) -> list[Problem]:
    doc = catalog.practice_doc
    if doc is None:
        return []
    known = {cid for _, cid, _ in written_concepts(catalog)}
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for i, item in problem_items(catalog):
        pid = item.get("id") if isinstance(item.get("id"), str) else None
        if pid in seen:
            problems.append(at_doc(doc, ("problems", i, "id"), f"problem '{pid}' is listed twice (first as "
                                   f"problems[{seen[pid]}])", RULE))
        elif pid:
            seen[pid] = i
        problems += _concepts(doc, i, item, known) + _shapes(doc, i, item)
        if item.get("check") == "exact" and item.get("rtol") is not None:
            problems.append(at_doc(doc, ("problems", i, "rtol"), "an exact problem has no tolerance: drop `rtol` "
                                   "or make `check: close`", RULE))
    return problems


def _concepts(doc: Document, i: int, item: dict[str, Any], known: set[str]) -> list[Problem]:
    concepts = item.get("concepts")
    return [at_doc(doc, ("problems", i, "concepts", j), f"unknown concept '{c}'{suggest(c, known) or ' (not in concepts.yml)'}",
                   RULE)
            for j, c in enumerate(concepts if isinstance(concepts, list) else [])
            if isinstance(c, str) and c.strip() not in known]


def _shapes(doc: Document, i: int, item: dict[str, Any]) -> list[Problem]:
    """Every shape names the first shape's dimensions, and each formula uses only those and s."""
    shapes = [s for s in item.get("shapes") or [] if isinstance(s, dict)] if isinstance(item.get("shapes"), list) else []
    if not shapes:
        return []
    names = set(shapes[0])
    found = [at_doc(doc, ("problems", i, "shapes", j), f"this shape names {', '.join(sorted(s))}; the first names "
                    f"{', '.join(sorted(names))}: every shape names the same dimensions", RULE)
             for j, s in enumerate(shapes) if set(s) != names]
    for field in ("bytes", "flops"):
        formula = item.get(field)
        try:
            used = formula_names(str(formula)) if isinstance(formula, (str, int, float)) else set()
        except ValueError:
            continue  # not arithmetic: the model reports it
        unknown = sorted(used - names - {ELEMENT})
        if unknown:
            found.append(at_doc(doc, ("problems", i, field), f"`{field}` uses {', '.join(unknown)}, which no shape "
                                f"names (the shapes name {', '.join(sorted(names))}; s is the bytes per element)", RULE))
    return found
