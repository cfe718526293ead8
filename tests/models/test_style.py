"""The house style's model: phrases are one-line words, long enough to mean something."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from gpulist.models import Style


def test_phrases_are_kept_as_written_and_default_to_none() -> None:
    assert Style().curation_talk == []
    assert Style.model_validate({"curation_talk": [" sibling list ", "was checked"]}).curation_talk == [
        "sibling list", "was checked"]


@pytest.mark.parametrize("bad", [["ok"], ["two\nlines"], [""], [42], "sibling list"])
def test_bad_phrases_are_refused(bad: object) -> None:
    with pytest.raises(ValidationError):
        Style.model_validate({"curation_talk": bad})


def test_unknown_sections_are_refused() -> None:
    with pytest.raises(ValidationError):
        Style.model_validate({"curation_tallk": ["sibling list"]})
