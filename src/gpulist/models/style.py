"""The house style a check can enforce: data/style.yml.

Readers see the resource, not the workshop. Words such as "sibling list" or "was checked"
speak of how the list was made, and mean nothing to a reader (or, worse, tell them an entry
was never read). Which words betray that is a curator's judgement that grows with the list,
so it lives here as data, not in the code: `gpulist.checks.curation_talk` reads the phrases
and refuses reader-facing text that contains one.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Strict, Text

MIN_PHRASE = 3


def _phrase(value: str) -> str:
    """A phrase is matched as whole words: one line, and long enough not to match everywhere."""
    if "\n" in value:
        raise PydanticCustomError("phrase-shape", "a phrase is one line of words, matched as written")
    if len(value) < MIN_PHRASE:
        raise PydanticCustomError("phrase-shape", "'{value}' is too short to match only curation talk: "
                                  "give at least {least} characters", {"value": value, "least": MIN_PHRASE})
    return value


Phrase = Annotated[Text, AfterValidator(_phrase),
                   WithJsonSchema({"type": "string", "minLength": MIN_PHRASE, "pattern": "^[^\\n]*$"})]


class Style(Strict):
    curation_talk: list[Phrase] = Field(
        default=[],
        description="Phrases that speak of how the list was made ('sibling list', 'was checked'). Reader-facing "
                    "text (titles, notes, link titles, concept and path text) must not contain them; matched "
                    "as whole words, ignoring case and line breaks.",
    )
