"""Pydantic's errors, retold for contributors, each located at its YAML line.

Pydantic speaks of `string_type` at `('url', 'function-after[...]')`; a contributor wants
"data/resources/x.yml:4:6: error: url must be text". This module is the translation.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from gpulist.load.yaml_reader import Document, Loc
from gpulist.problems import Problem

_TYPE_NAMES = {
    "string_type": "text", "int_type": "a whole number", "bool_type": "true or false",
    "date_type": "a date like 2025-01-31", "list_type": "a list", "dict_type": "a mapping of fields",
    "model_type": "a mapping of fields", "float_type": "a number",
}
_QUOTED = {
    "date_type": re.compile(r"^\d{4}-\d{2}-\d{2}$"), "int_type": re.compile(r"^-?\d+$"),
    "bool_type": re.compile(r"^(?i:true|false)$"),
}
_NEVER = re.compile(r"(?!)")
_RULES = {"missing": "missing-field", "extra_forbidden": "unknown-field"}
# A check question without an id: the one missing field a command fills in (its stable id
# must be given once and then kept, so it is written into the file, never computed at load).
_QUESTION_ID = re.compile(r"check\[\d+\]\.id")
QUESTION_ID_HINT = ("every check question needs a stable id: run `python -m gpulist.contribute.question_ids`, "
                    "which adds one to each question that lacks it and keeps those already given")


def problems_from_validation(
    exc: ValidationError, doc: Document, base: Loc = (), known_fields: Sequence[str] = ()
) -> list[Problem]:
    """One problem per distinct location, preferring the most specific of union branches."""
    by_loc: dict[Loc, dict[str, Any]] = {}
    for err in exc.errors(include_url=False):
        loc = _data_loc(doc.data, base, err["loc"])
        if err["type"] == "none_required" and loc in by_loc:
            continue
        if loc not in by_loc or by_loc[loc]["type"] == "none_required":
            by_loc[loc] = err
    problems = []
    for loc, err in by_loc.items():
        problems.append(_problem(err, loc, base, doc, known_fields))
    return problems


def _data_loc(data: Any, base: Loc, raw: Iterable[str | int]) -> Loc:
    """Keep only the parts of pydantic's loc that name real keys or indexes in the data."""
    node, loc = data, list(base)
    for part in base:
        node = _child(node, part)
    for part in raw:
        child = _child(node, part)
        if child is _MISSING:
            if isinstance(node, dict) and isinstance(part, str) and part.isidentifier() and "[" not in part:
                loc.append(part)  # a missing field: still worth naming
            continue
        loc.append(part)
        node = child
    return tuple(loc)


_MISSING = object()


def _child(node: Any, part: str | int) -> Any:
    if isinstance(node, dict) and isinstance(part, str) and part in node:
        return node[part]
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return _MISSING


def _problem(err: dict[str, Any], loc: Loc, base: Loc, doc: Document, known: Sequence[str]) -> Problem:
    kind = err["type"]
    field = _dotted(loc[len(base):])
    if kind == "missing":
        line, col = doc.marks.at(loc[:-1])
        hint = " (write `url: null` if no canonical link is known)" if field == "url" and not base else ""
        if _QUESTION_ID.fullmatch(field):
            hint = f" ({QUESTION_ID_HINT})"
        return Problem(doc.path, line, col, f"missing required field '{field}'{hint}", "missing-field")
    if kind == "extra_forbidden":
        line, col = doc.marks.at(loc, key=True)
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        hint = f": did you mean '{close[0]}'?" if close else ""
        return Problem(doc.path, line, col, f"unknown field '{field}'{hint}", "unknown-field")
    line, col = doc.marks.at(loc)
    message = _message(kind, field, err, base, doc.marks.raw.get(loc))
    return Problem(doc.path, line, col, message, _RULES.get(kind, _rule(kind)))


def _message(kind: str, field: str, err: dict[str, Any], base_loc: Loc = (), written: str | None = None) -> str:
    """`written` is the scalar as typed, when YAML made a number, date or bool of it."""
    subject = field or ("this item" if base_loc else "this file")
    value = err.get("input")
    if written and kind == "string_type" and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{subject} must be text, but YAML reads {written} as a number: put it in quotes (\"{written}\")"
    if kind in _TYPE_NAMES:
        found = _describe(value)
        hint = ""
        if isinstance(value, bool) and kind == "string_type":
            hint = " (YAML reads yes/no/on/off/true/false as booleans: put the text in quotes)"
        elif isinstance(value, str) and _QUOTED.get(kind, _NEVER).match(value.strip()):
            hint = " (remove the quotes)"
        return f"{subject} must be {_TYPE_NAMES[kind]}, not {found}{hint}"
    if kind == "literal_error":
        expected = err.get("ctx", {}).get("expected", "")
        return f"{subject} must be one of {expected.replace(chr(39), '')} (found {value!r})"
    if kind == "string_pattern_mismatch":
        return f"{subject} has an unexpected format: {value!r}"
    if kind == "string_too_short":
        return f"{subject} must not be empty"
    if kind == "too_short":
        least = err.get("ctx", {}).get("min_length", 1)
        return f"{subject} must list at least {least} item{'s' if least != 1 else ''}, not {len(value or ())}"
    if kind == "too_long":
        most = err.get("ctx", {}).get("max_length", 0)
        return f"{subject} must list at most {most} item{'s' if most != 1 else ''}, not {len(value or ())}"
    if kind in ("greater_than_equal", "less_than_equal"):
        return f"{subject}: {err['msg'].lower()} (found {value!r})"
    return f"{subject}: {err['msg']}" if field else err["msg"]


def _rule(kind: str) -> str:
    if kind.endswith("_type"):
        return "wrong-type"
    if "-" in kind:
        return kind  # our own PydanticCustomError types are already rule ids
    return "invalid-value"


def _describe(value: Any) -> str:
    if value is None:
        return "empty (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the text {value!r}"
    return f"{type(value).__name__} {value!r}"


def _dotted(loc: Loc) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out
