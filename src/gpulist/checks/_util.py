"""Small helpers shared by the checks."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from gpulist.load import Document, Entry
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem, Severity


def at_doc(doc: Document, loc: Loc, message: str, rule: str, severity: Severity = "error") -> Problem:
    """A problem at the place `loc` of a document: the one way every check locates what it reports."""
    line, col = doc.marks.at(loc)
    return Problem(doc.path, line, col, message, rule, severity)


def at(entry: Entry, loc: Loc, message: str, rule: str, severity: Severity = "error") -> Problem:
    return at_doc(entry.doc, loc, message, rule, severity)


def list_items(doc: Document | None) -> list[Any]:
    """The items of a list file as written, or none when the file is absent or not a list.

    Checks that read the raw document (to locate a repeat even where an item failed
    validation) walk these; the file's shape itself is reported while loading.
    """
    return doc.data if doc is not None and isinstance(doc.data, list) else []


def oldest_first(entries: Iterable[Entry]) -> list[Entry]:
    """Entries in the order they joined the list: by `added`, then by path for a same day.

    Of two files listing one resource, the newer one is the mistake to report (its contributor
    is the one to tell). `added` is written in the file itself, so the order is the same in a
    fresh clone, a shallow CI checkout or a tarball, where git history and file times are not.
    """
    return sorted(entries, key=lambda e: (e.resource.added, e.doc.path))


def suggest(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f": did you mean '{close[0]}'?" if close else ""
