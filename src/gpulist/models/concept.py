"""Concepts: the one vocabulary of the list, in data/concepts.yml.

A concept is what an entry's `tags:` name, and also a small knowledge page of its own: a
definition, the concepts to understand first (`requires`), its neighbours (`related`),
the Modal GPU Glossary page for the term (`glossary`, linked, never copied: CC BY 4.0),
the book index terms it covers (`book_terms`), the one to three entries to read first
(`start`) and its `area`, the part of the field it belongs to, which colours and groups
it on the concept map. A concept also carries `check`, two to four questions with worked
answers that let a reader test their understanding, each naming the entry that teaches it
(`source`), and `problems`, graded exercises on the platforms the list trusts (GPU MODE,
LeetGPU, Tensara, KernelBench) that practise it; `vendor_terms` and `metrics`, the other
vendors' words for it and the profiler metrics that measure it (gpulist.models.vendor). References to other concepts and entries are plain text here: whether they
exist, loop or repeat is for the cross-checks (gpulist.checks.concept_*), which know the
whole catalog and can point at the very item that is wrong.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text, Url
from gpulist.models.vendor import MAX_METRICS, MAX_VENDOR_TERMS, ProfilerMetric, VendorTerm

MAX_START = 3
MIN_CHECK, MAX_CHECK = 2, 4
MAX_PROBLEMS = 4
# The graded-problem platforms whose exercise entries the list already carries.
PLATFORMS: tuple[str, ...] = ("gpu-mode", "leetgpu", "tensara", "kernelbench")
Platform = Literal["gpu-mode", "leetgpu", "tensara", "kernelbench"]
CHECK_FIELD_ORDER: tuple[str, ...] = ("id", "question", "answer", "source")
PROBLEM_FIELD_ORDER: tuple[str, ...] = ("title", "url", "platform", "asks")
# The parts of the field, in the order the concept map lists them.
Area = Literal["hardware", "kernels", "tools", "numerics", "serving", "systems"]
AREAS: tuple[str, ...] = Area.__args__  # type: ignore[attr-defined]
# How readers see each area's name: on the concept map's legend, the Review page and the Anki decks.
AREA_TITLES = {"hardware": "Hardware", "kernels": "Kernels", "tools": "Tools & compilers", "numerics": "Numerics",
               "serving": "Serving", "systems": "Systems"}
# Ordered as a reader meets a concept's page; `gpulist fmt` writes fields in this order.
CONCEPT_FIELD_ORDER: tuple[str, ...] = (
    "id", "title", "description", "area", "aliases", "definition", "requires", "related", "glossary", "book_terms",
    "start", "check", "problems", "vendor_terms", "metrics",
)


class CheckQuestion(Strict):
    """One question of a concept's "Check yourself", answered in full: a reader unfolds the
    answer to compare it with their own, then follows `source` to the entry that teaches it.

    `id` is what a reader's review schedule (the Review page, the Anki notes' GUIDs) is keyed
    by, so it is given once, when the question is written, and kept through any rewording:
    `python -m gpulist.contribute.question_ids` gives every question that lacks one its
    concept's id and a short slug of its first words, and never touches an id already there.
    Unique across the whole file (gpulist.checks.check_ids)."""

    id: Id = Field(description="Stable id of the question, unique in the file: kept when its wording changes, "
                               "so a reader's review schedule survives. `python -m gpulist.contribute.question_ids` "
                               "adds one to each new question.")
    question: Text = Field(description="Tests understanding or arithmetic, not recall of a name. Plain text.")
    answer: Text = Field(description="Two to six sentences in our own words, numbers shown with their arithmetic. "
                                     "Plain text: no HTML, no links.")
    source: Ref = Field(description="Id of the entry (data/resources/<id>.yml) that teaches the answer.")


class GradedProblem(Strict):
    """A graded exercise that practises the concept: a specific problem, not a platform's home page."""

    title: Text = Field(description="The problem's name on its platform.")
    url: Url = Field(description="The problem's own page, or its file in the platform's repository.")
    platform: Platform = Field(description="Where it is graded: " + ", ".join(PLATFORMS) + ".")
    asks: Text = Field(description="One line, our own words: what the problem asks for.")


def _none_or_enough(questions: list[CheckQuestion]) -> list[CheckQuestion]:
    """No questions yet, or at least two: one question checks one corner of a concept and
    reads as the whole of it. An empty list stays valid, so a concept read back from
    `model_dump()` (no questions) validates again."""
    if 0 < len(questions) < MIN_CHECK:
        raise PydanticCustomError("too_short", "List should have at least {min_length} items",
                                  {"min_length": MIN_CHECK})
    return questions


Questions = Annotated[list[CheckQuestion], AfterValidator(_none_or_enough)]


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
    check: Questions = Field(
        default=[], max_length=MAX_CHECK, json_schema_extra={"not": {"minItems": 1, "maxItems": MIN_CHECK - 1}},
        description=f"'Check yourself': {MIN_CHECK} to {MAX_CHECK} questions with worked answers, or none.",
    )
    problems: list[GradedProblem] = Field(default=[], max_length=MAX_PROBLEMS,
                                          description=f"Graded problems that practise it; at most {MAX_PROBLEMS}.")
    vendor_terms: list[VendorTerm] = Field(
        default=[], max_length=MAX_VENDOR_TERMS,
        description="The vendors' words for it (AMD's, a TPU's; NVIDIA's where it differs from the title), each "
                    f"with the vendor's page that defines it; at most {MAX_VENDOR_TERMS}.",
    )
    metrics: list[ProfilerMetric] = Field(
        default=[], max_length=MAX_METRICS,
        description=f"The profiler metrics that measure it, as each profiler names them; at most {MAX_METRICS}.",
    )
