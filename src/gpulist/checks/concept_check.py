"""A concept's "Check yourself" holds up: each answer names an entry that teaches it, and the
questions, answers and problem lines are plain text of a useful length.

The page folds each answer under its question and ends it with a link to its `source`
entry's card, so an unknown id would be a dead link where the reader goes to learn more. An
answer is escaped on the page, but markup or a URL in it would show as literal `<b>` or a
bare address: the reading is the source's card, so links are refused at the source. Two to
six sentences: one cannot show its working, and more is an essay, not an answer.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._concepts import at_concept, entry_ids, written_concepts
from gpulist.checks._util import suggest
from gpulist.checks.concept_definition import MARKUP, sentences
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "concept-check"
MIN_SENTENCES, MAX_SENTENCES = 2, 6
_PLAIN = "is plain text: no HTML, entities, Markdown links or URLs"


def check(catalog: Catalog) -> list[Problem]:
    known = entry_ids(catalog)
    problems: list[Problem] = []
    for i, cid, item in written_concepts(catalog):
        for loc, message in _question_problems(i, item, known):
            problems.append(at_concept(catalog, loc, message, RULE))
        for loc, message in _problem_problems(i, item):
            problems.append(at_concept(catalog, loc, message, RULE))
    return problems


def _items(item: dict[str, Any], field: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(position, mapping) of each item of a list field; other shapes are the model's to report."""
    values = item.get(field)
    for j, value in enumerate(values if isinstance(values, list) else []):
        if isinstance(value, dict):
            yield j, value


def _question_problems(i: int, item: dict[str, Any], known: set[str]) -> Iterator[tuple[Loc, str]]:
    for j, q in _items(item, "check"):
        source = q.get("source")
        if isinstance(source, str) and source.strip() not in known:
            ref = source.strip()
            yield (i, "check", j, "source"), (f"unknown entry '{ref}' in `check[{j}].source`"
                                              f"{suggest(ref, known) or ' (not in resources/, the file name without .yml)'}")
        if isinstance(q.get("question"), str) and MARKUP.search(q["question"]):
            yield (i, "check", j, "question"), f"a question {_PLAIN}"
        answer = q.get("answer")
        if isinstance(answer, str) and answer.strip():
            message = answer_problem(answer)
            if message:
                yield (i, "check", j, "answer"), message


def answer_problem(text: str) -> str | None:
    if MARKUP.search(text):
        return f"an answer {_PLAIN} (the source entry is linked after it)"
    count = sentences(text)
    if count < MIN_SENTENCES:
        return f"answer too short (1 sentence): show the reasoning in {MIN_SENTENCES} to {MAX_SENTENCES} sentences"
    if count > MAX_SENTENCES:
        return f"answer too long ({count} sentences): keep it to {MAX_SENTENCES}"
    return None


def _problem_problems(i: int, item: dict[str, Any]) -> Iterator[tuple[Loc, str]]:
    seen: set[str] = set()
    for j, p in _items(item, "problems"):
        if isinstance(p.get("asks"), str) and MARKUP.search(p["asks"]):
            yield (i, "problems", j, "asks"), f"what a problem asks {_PLAIN} (its url is linked beside it)"
        url = p.get("url")
        if isinstance(url, str):
            if url in seen:
                yield (i, "problems", j, "url"), f"problem '{url}' is listed twice in `problems`"
            seen.add(url)
