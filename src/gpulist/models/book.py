"""The book index: the concept vocabulary behind the site's concept index.

Seed 002 is the index of *AI Systems Performance Engineering* (Fregly, O'Reilly 2025).
Its terms, sub-terms and section references are kept as data so the site can list, for
each concept, both the book sections and the entries of this list that cover it.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from gpulist.models.fields import Id, Strict, Text


class SectionRef(Strict):
    section: Text = Field(description="A section title of the book.")
    to: Text | None = Field(default=None, description="Last section of a range, when the reference spans several.")


def _bare_title(value: Any) -> Any:
    """Most references are one section, so the file writes them as the bare title and
    keeps the mapping for ranges: a third fewer YAML nodes to load on every command."""
    return {"section": value} if isinstance(value, str) else value


Ref = Annotated[SectionRef, BeforeValidator(_bare_title, json_schema_input_type=Text | SectionRef)]


class IndexTerm(Strict):
    term: Text
    refs: list[Ref] = Field(default=[], description="Sections covering the term: a title, or {section, to} for a range.")
    see: list[Text] = Field(default=[], description="'see X': the term is indexed under X instead.")
    see_also: list[Text] = []
    subterms: list["IndexTerm"] = []


class BookIndex(Strict):
    book: Id = Field(description="The resource id of the book in data/resources/.")
    title: Text
    terms: list[IndexTerm]
