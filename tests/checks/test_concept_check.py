"""The concept-check rule beyond the broken-concepts corpus: answer length, markup in a
question or in what a problem asks, and a problem listed twice."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import concept_check
from gpulist.checks.concept_check import answer_problem
from tests.catalogs import FIXTURES, load

_BASE = (FIXTURES / "catalog" / "concepts.yml").read_text(encoding="utf-8")
_GOOD_Q = ("  - id: q-why-tile\n    question: Why tile?\n    answer: Each tile is read once. Every thread of the block reuses it.\n"
           "    source: flashattention-2\n")


@pytest.mark.parametrize(("text", "fragment"), [
    ("Tiles are reused.", "answer too short (1 sentence)"),
    (" ".join(f"Sentence {i} adds one more step." for i in range(7)), "answer too long (7 sentences)"),
    ("Read it on <a href='x'>the blog</a>. It says so.", "an answer is plain text"),
    ("A 4096 by 4096 BF16 matrix is 4096 × 4096 × 2 = 33.5 MB. It does not fit in a 50 MB L2 twice.", None),
])
def test_an_answer_shows_its_working_in_two_to_six_plain_sentences(text: str, fragment: str | None) -> None:
    found = answer_problem(text)
    assert (found is None) if fragment is None else (fragment in (found or ""))


def _check(tmp_path: Path, extra: str) -> list[str]:
    concepts = _BASE.replace("  requires: [cuda]\n", "  requires: [cuda]\n" + extra, 1)
    catalog, problems = load(tmp_path, {"concepts.yml": concepts}, base=True)
    assert problems == []
    return [p.message for p in concept_check.check(catalog)]


def test_a_question_with_markup_and_a_problem_listed_twice_are_reported(tmp_path: Path) -> None:
    problem = ("  - title: Vector addition\n    url: https://example.com/p\n    platform: leetgpu\n"
               "    asks: Add two vectors.\n")
    assert _check(tmp_path, "  check:\n" + _GOOD_Q * 2 + "  problems:\n" + problem) == []
    messages = _check(tmp_path, "  check:\n" + _GOOD_Q + _GOOD_Q.replace("Why tile?", "Why <em>tile</em>?")
                      + "  problems:\n" + problem + problem.replace("Add two", "Add [two](https://x.org)"))
    assert messages == ["a question is plain text: no HTML, entities, Markdown links or URLs",
                        "what a problem asks is plain text: no HTML, entities, Markdown links or URLs "
                        "(its url is linked beside it)",
                        "problem 'https://example.com/p' is listed twice in `problems`"]
