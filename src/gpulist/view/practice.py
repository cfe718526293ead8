"""The practice problems as the site shows them: by concept, each with the command that grades it.

A problem appears on the Practice page (practice/, anchored at its id) and in the Practise part
of every concept page it lists. No problem carries a score on the site yet: a score is of one
solution on one GPU, and none has been graded on the H200 for publishing, so the page says so
rather than showing a number nobody measured. Built once per build from the catalog.
"""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.models import PracticeProblem

PRACTICE_PAGE = "practice/index.md"


def command(problem: PracticeProblem) -> str:
    """The command a reader runs to grade their solution, as labs/practice.py takes it."""
    return f"python labs/practice.py --problem {problem.id} --solution mine.py"


def starter(problem: PracticeProblem) -> str:
    """Where the problem's starter solution is, to copy and edit."""
    return f"labs/problems/{problem.id}/starter.py"


def build_practice(catalog: Catalog) -> tuple[PracticeProblem, ...]:
    """Every valid problem, in the catalogue's order."""
    return tuple(catalog.practice)


def by_concept(problems: tuple[PracticeProblem, ...], concept_ids: list[str]) -> list[tuple[str, list[PracticeProblem]]]:
    """(concept id, its problems) for each concept with problems, in the order `concept_ids` gives;
    a concept id no page has is left out (practice-ref reports it)."""
    found = []
    for cid in concept_ids:
        mine = [p for p in problems if cid in p.concepts]
        if mine:
            found.append((cid, mine))
    return found


def problems_of_concept(problems: tuple[PracticeProblem, ...], concept_id: str) -> list[PracticeProblem]:
    return [p for p in problems if concept_id in p.concepts]
