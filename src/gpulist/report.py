"""Problems rendered for people (text), for GitHub (annotations) and for tools (JSON)."""

from __future__ import annotations

import json
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
    errors = sum(p.is_error for p in problems)
    warnings = len(problems) - errors
    verdict = "invalid" if errors else "valid"
    return f"{entries} entries {verdict}: {errors} error(s), {warnings} warning(s)"
