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
