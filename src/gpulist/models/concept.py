"""Concepts: the one vocabulary of the list, in data/concepts.yml.

A concept is what an entry's `tags:` name, and also a small knowledge page of its own: a
definition, the concepts to understand first (`requires`), its neighbours (`related`),
the Modal GPU Glossary page for the term (`glossary`, linked, never copied: CC BY 4.0),
the book index terms it covers (`book_terms`), the one to three entries to read first
(`start`) and its `area`, the part of the field it belongs to, which colours and groups
it on the concept map. References to other concepts and entries are plain text here: whether they
exist, loop or repeat is for the cross-checks (gpulist.checks.concept_*), which know the
whole catalog and can point at the very item that is wrong.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gpulist.models.fields import Id, Ref, Strict, Text, Url

MAX_START = 3
# The parts of the field, in the order the concept map lists them.
Area = Literal["hardware", "kernels", "tools", "numerics", "serving", "systems"]
AREAS: tuple[str, ...] = Area.__args__  # type: ignore[attr-defined]
# Ordered as a reader meets a concept's page; `gpulist fmt` writes fields in this order.
CONCEPT_FIELD_ORDER: tuple[str, ...] = (
    "id", "title", "description", "area", "aliases", "definition", "requires", "related", "glossary", "book_terms",
    "start",
)


class Concept(Strict):
    id: Id = Field(description="The concept's page is concepts/<id>/; entries name it in `tags:`.")
    title: Text
    description: Text = Field(description="One line: what the concept is, shown in chips, lists and search.")
    area: Area | None = Field(
        default=None,
        description="The part of the field it belongs to, which colours and groups it on the concept map: "
                    "hardware, kernels (the programming model and kernel techniques), tools (languages, compilers, "
                    "libraries and profilers), numerics, serving or systems (multi-GPU and training at scale).",
    )
    aliases: list[Text] = Field(default=[], description="Other spellings and synonyms a reader might search.")
    definition: Text | None = Field(
        default=None,
        description="Two to five sentences in our own words: what it is, why it matters for performance, "
                    "and the number or mechanism to remember. Plain text: no HTML, no links.",
    )
    requires: list[Ref] = Field(default=[], description="Concept ids to understand first.")
    related: list[Ref] = Field(default=[], description="Neighbouring concept ids.")
    glossary: Url | None = Field(default=None, description="The Modal GPU Glossary page for the term, if any.")
    book_terms: list[Text] = Field(default=[], description="Terms of data/book-index.yml this concept covers.")
    start: list[Ref] = Field(default=[], max_length=MAX_START,
                             description=f"Entry ids to read first, in order; at most {MAX_START}.")
