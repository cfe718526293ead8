"""Small helpers shared by the checks."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from gpulist.load import Entry
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem, Severity


def at(entry: Entry, loc: Loc, message: str, rule: str, severity: Severity = "error") -> Problem:
    line, col = entry.doc.marks.at(loc)
    return Problem(entry.doc.path, line, col, message, rule, severity)


def suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f": did you mean '{close[0]}'?" if close else ""
