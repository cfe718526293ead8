"""The prose that may cite spec numbers, as written, each piece with where it is written.

Concept descriptions, definitions, check questions and answers (data/concepts.yml) and the
notes of entries (data/resources/*.yml): the texts gpulist.view.numbers writes references
out in, and so the texts the number rules read. `locate` points at a word inside one of
them, not at the start of its field, so an editor lands on the very reference or number.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from gpulist.checks._concepts import written_concepts
from gpulist.load import Catalog, Document
from gpulist.load.yaml_reader import Loc, scalar_spans
from gpulist.problems import Problem, Severity

CONCEPT_TEXTS = ("description", "definition")
QUESTION_TEXTS = ("question", "answer")


@dataclass(frozen=True, slots=True)
class Prose:
    doc: Document
    loc: Loc
    text: str


def prose(catalog: Catalog) -> Iterator[Prose]:
    doc = catalog.concepts_doc
    for i, _, item in written_concepts(catalog) if doc is not None else ():
        for field in CONCEPT_TEXTS:
            if isinstance(item.get(field), str):
                yield Prose(doc, (i, field), item[field])  # type: ignore[arg-type]
        questions = item.get("check")
        for j, q in enumerate(questions if isinstance(questions, list) else []):
            for field in QUESTION_TEXTS if isinstance(q, dict) else ():
                if isinstance(q.get(field), str):
                    yield Prose(doc, (i, "check", j, field), q[field])  # type: ignore[arg-type]
    for entry in catalog.entries:
        for k, note in enumerate(entry.resource.notes):
            yield Prose(entry.doc, ("notes", k), note)


def locate(piece: Prose, needle: str, message: str, rule: str, severity: Severity = "error") -> Problem:
    """A problem at `needle` inside the piece's scalar; at the scalar's start when not found as written
    there (a number broken over two lines of a folded scalar, an escape in a quoted one)."""
    doc, text = piece.doc, piece.doc.text
    line, col = doc.marks.at(piece.loc)
    mark = doc.marks.values.get(piece.loc)
    if mark is not None:
        end = _spans(text).get(mark.index, len(text))
        found = text.find(needle, mark.index, end)
        if found >= 0:
            line, col = text.count("\n", 0, found) + 1, found - text.rfind("\n", 0, found)
    return Problem(doc.path, line, col, message, rule, severity)


@lru_cache(maxsize=8)
def _spans(text: str) -> dict[int, int]:
    """Where each scalar of a file ends, by where it starts: one scan per file, only when reporting."""
    return dict(scalar_spans(text))
