"""Every prediction of a version 2 record names the model that made it, and that model is in the record.

A "predicted" value with no model behind it is how a lab came to compare a 7 µs launch with
the 1.7 ns its bytes take over HBM (issue 41): a number anyone can compute from a datasheet,
not a model of the effect. So a series with `predicted` points, and a summary row with a
`predicted` value, names a `model`, and the model is one of the record's `models`, whose terms
the page shows beside the prediction (labs/RECORDS.md, rule 1). Each series or row is
reported once, at its first prediction, however many points lack the model.
"""

from __future__ import annotations

from typing import Any

from gpulist.checks._labs import items, v2_records
from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog, Document
from gpulist.problems import Problem

RULE = "measurement-model"


def _model_of(doc: Document, owner: dict[str, Any], ids: set[str], what: str, at_predicted: tuple,
              at_model: tuple) -> Problem | None:
    """What is wrong with `owner`'s `model`: absent while it predicts, or not one of the record's."""
    name = owner.get("model")
    if name is None:
        return at_doc(doc, at_predicted, f"{what} has a `predicted` value but names no `model`: a prediction names "
                      "the model that made it (one of the record's `models`), or the value is a `bound`", RULE)
    if isinstance(name, str) and name not in ids:
        hint = suggest(name, ids) or f" (the record's models: {', '.join(sorted(ids)) or 'none'})"
        return at_doc(doc, at_model, f"model '{name}' is not one of the record's `models`{hint}", RULE)
    return None


def _series_problems(doc: Document, data: dict[str, Any], ids: set[str]) -> list[Problem]:
    """Each series once: at its first prediction, or at the model it names."""
    found = []
    for i, series in items(data, "series"):
        first = next((j for j, p in items(series, "points") if "predicted" in p), None)
        if first is None and series.get("model") is None:
            continue
        at_predicted = ("series", i, "points", first, "predicted") if first is not None else ("series", i)
        problem = _model_of(doc, series, ids, f"series '{series.get('id')}'", at_predicted, ("series", i, "model"))
        found += [problem] if problem else []
    return found


def _row_problems(doc: Document, data: dict[str, Any], ids: set[str]) -> list[Problem]:
    found = []
    for k, row in items(data, "summary"):
        if "predicted" not in row and row.get("model") is None:
            continue
        if "predicted" not in row:
            found.append(at_doc(doc, ("summary", k, "model"), f"summary row '{row.get('what')}' names a model but "
                                "has no `predicted` value from it", RULE))
            continue
        problem = _model_of(doc, row, ids, f"summary row '{row.get('what')}'", ("summary", k, "predicted"),
                            ("summary", k, "model"))
        found += [problem] if problem else []
    return found


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in v2_records(catalog):
        ids = {m["id"] for _, m in items(data, "models") if isinstance(m.get("id"), str)}
        problems += _series_problems(doc, data, ids) + _row_problems(doc, data, ids)
    return problems
