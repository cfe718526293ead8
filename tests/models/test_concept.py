"""The book index models: a reference is a bare title or a {section, to} range."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpulist.models import BookIndex, IndexTerm, SectionRef


def test_a_bare_title_is_a_single_section_reference() -> None:
    term = IndexTerm.model_validate({"term": "x", "refs": ["Kernel Fusion", {"section": "A", "to": "B"}]})
    assert term.refs == [SectionRef(section="Kernel Fusion"), SectionRef(section="A", to="B")]


@pytest.mark.parametrize("ref", [3, "", "  ", {"section": "A", "extra": 1}, {"to": "B"}])
def test_bad_references_are_refused(ref: object) -> None:
    with pytest.raises(ValidationError):
        IndexTerm.model_validate({"term": "x", "refs": [ref]})


def test_subterms_nest_and_the_book_is_an_id() -> None:
    data = {"book": "some-book", "title": "T", "terms": [{"term": "a", "subterms": [{"term": "b", "refs": ["S"]}]}]}
    assert BookIndex.model_validate(data).terms[0].subterms[0].refs == [SectionRef(section="S")]
    with pytest.raises(ValidationError):
        BookIndex.model_validate({**data, "book": "Not An Id"})


def test_the_schema_offers_both_reference_forms() -> None:
    refs = BookIndex.model_json_schema()["$defs"]["IndexTerm"]["properties"]["refs"]["items"]["anyOf"]
    assert {"type": "string", "minLength": 1} in refs
    assert {"$ref": "#/$defs/SectionRef"} in refs


# --- Concept: "Check yourself" questions and graded problems ---

from gpulist.models import Concept  # noqa: E402

_Q = {"id": "x-why-tile", "question": "Why tile?", "answer": "Reuse. Fewer reads.", "source": "some-entry"}
_P = {"title": "Vector addition", "url": "https://example.com/p", "platform": "leetgpu", "asks": "Add two vectors."}


def _concept(**fields: object) -> Concept:
    return Concept.model_validate({"id": "x", "title": "X", "description": "One line.", **fields})


def test_a_concept_without_questions_or_problems_is_valid() -> None:
    assert (_concept().check, _concept().problems) == ([], [])


@pytest.mark.parametrize(("n", "ok"), [(0, True), (1, False), (2, True), (4, True), (5, False)])
def test_a_concept_carries_two_to_four_questions(n: int, ok: bool) -> None:
    if ok:
        assert len(_concept(check=[_Q] * n).check) == n
    else:
        with pytest.raises(ValidationError):
            _concept(check=[_Q] * n)


@pytest.mark.parametrize("bad", [{k: v for k, v in _Q.items() if k != "answer"}, {**_Q, "answer": "  "},
                                 {**_Q, "source": 3}, {**_Q, "extra": "x"}])
def test_a_question_needs_a_question_an_answer_and_a_source(bad: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        _concept(check=[_Q, bad])


@pytest.mark.parametrize("bad", [{**_P, "url": "javascript:alert(1)"}, {**_P, "platform": "codeforces"},
                                 {k: v for k, v in _P.items() if k != "asks"}, {**_P, "url": "ftp://x/y"}])
def test_a_problem_needs_a_web_url_a_known_platform_and_what_it_asks(bad: dict[str, object]) -> None:
    assert _concept(problems=[_P]).problems[0].platform == "leetgpu"
    with pytest.raises(ValidationError):
        _concept(problems=[bad])


def test_the_schema_bounds_the_questions_and_names_the_platforms() -> None:
    schema = Concept.model_json_schema()
    check = schema["properties"]["check"]
    assert (check["not"], check["maxItems"]) == ({"minItems": 1, "maxItems": 1}, 4)
    assert schema["$defs"]["GradedProblem"]["properties"]["platform"]["enum"] == [
        "gpu-mode", "leetgpu", "tensara", "kernelbench"]
