"""Problems rendered for people (text), for GitHub (annotations) and for tools (JSON)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

from gpulist.problems import Problem

FORMATS = ("text", "github", "json")


def as_text(problems: list[Problem]) -> str:
    """`path:line:col: severity: message [rule]`, the form editors and terminals link up."""
    lines = [f"{p.path}:{p.line}:{p.col}: {p.severity}: {p.message} [{p.rule}]" for p in problems]
    return "\n".join(lines)


def escape_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub reads it (also used by check-links and watch)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(problems: list[Problem]) -> str:
    """Workflow commands, so a pull request shows each problem on its line."""
    return "\n".join(
        f"::{p.severity} file={escape_property(p.path)},line={p.line},col={p.col},"
        f"title={escape_property(p.rule)}::{escape_data(p.message)}"
        for p in problems
    )


def as_json(problems: list[Problem]) -> str:
    items = [
        {"path": p.path, "line": p.line, "col": p.col, "severity": p.severity, "rule": p.rule, "message": p.message}
        for p in problems
    ]
    return json.dumps({"problems": items}, indent=2, ensure_ascii=False)


FORMATTERS: dict[str, Callable[[list[Problem]], str]] = {"text": as_text, "github": as_github, "json": as_json}


def summary(problems: list[Problem], entries: int) -> str:
    """`N entries valid|invalid: E error(s) in F file(s), W warning(s)`: every problem listed above
    it counted, and every entry file, broken ones included, counted once."""
    errors = [p for p in problems if p.is_error]
    warnings = len(problems) - len(errors)
    verdict = "invalid" if errors else "valid"
    where = f" in {len({p.path for p in errors})} file(s)" if errors else ""
    noun = "entry" if entries == 1 else "entries"
    return f"{entries} {noun} {verdict}: {len(errors)} error(s){where}, {warnings} warning(s)"


def warnings_in_brief(problems: list[Problem]) -> str:
    """All warnings in one line, counted by rule, so a build log stays readable.

    A build is not the place to act on 41 "link wanted" lines; `gpulist validate` lists them
    one by one, and this line says so. Empty when there is no warning.
    """
    warnings = [p for p in problems if not p.is_error]
    if not warnings:
        return ""
    counts = Counter(p.rule for p in warnings)
    by_rule = ", ".join(f"{n} {rule}" for rule, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))
    noun = "warning" if len(warnings) == 1 else "warnings"
    return f"{len(warnings)} {noun} ({by_rule}): run `gpulist validate` to list them"


def for_build(problems: list[Problem]) -> str:
    """Errors in full, each on its line (they stop the build), then the warnings in brief."""
    lines = [as_text([p for p in problems if p.is_error]), warnings_in_brief(problems)]
    return "\n".join(line for line in lines if line)
