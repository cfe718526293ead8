"""A census list: one expert's reading list, stored so the catalog can be compared with it.

Issue 45 asks what many independent experts assign, not what one list says. Each list
(a course syllabus, a handbook's references, a curated awesome-list) is one file of
provenance/census/, holding where it was read, its date, who keeps it, and the works it
assigns exactly as the list writes them (title and URL). The matcher (gpulist.census) places
each work in the catalog by identity; nothing here is reader-facing.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from gpulist.models.cited import Day
from gpulist.models.fields import Id, Strict, Text, Url

# The areas the census reports on: issue 45 names the four weakest (profiling, serving,
# training/parallelism, hardware); the others cover the rest of what the lists assign.
CENSUS_AREAS: tuple[str, ...] = (
    "gpu-programming", "kernels-and-compilers", "profiling-and-benchmarking", "llm-serving",
    "training-and-parallelism", "hardware-and-clusters", "efficient-ml", "ml-systems",
)
CensusArea = Literal[
    "gpu-programming", "kernels-and-compilers", "profiling-and-benchmarking", "llm-serving",
    "training-and-parallelism", "hardware-and-clusters", "efficient-ml", "ml-systems",
]
LIST_KINDS: tuple[str, ...] = ("syllabus", "reading-list", "handbook", "curated-list", "book")
DATE_OF: tuple[str, ...] = ("commit", "page", "term")


class CensusWork(Strict):
    """One work the list assigns, as the list writes it; `area` overrides the list's."""

    title: Text = Field(description="The title as the list writes it.")
    url: Url | None = Field(default=None, description="The link as the list writes it; null when it gives none.")
    arxiv: str | None = Field(default=None, pattern=r"^\d{4}\.\d{4,5}$", description="An arXiv id the list gives.")
    doi: str | None = Field(default=None, pattern=r"^10\.\d{4,9}/\S+$", description="A DOI the list gives.")
    area: CensusArea | None = Field(default=None, description="The area of this work, when not the list's.")
    section: Text | None = Field(default=None, description="Where in the list: lecture, week or heading.")


class CensusList(Strict):
    """One independent expert list, pinned to the version that was read."""

    id: Id
    title: Text = Field(description="The list's own title.")
    kind: Literal["syllabus", "reading-list", "handbook", "curated-list", "book"]
    author: Text = Field(description="Who keeps it: the instructors, the institution, the maintainer.")
    url: Url = Field(description="Where the list is published.")
    read_at: Text = Field(description="The copy that was read: repository@commit and path, or the page address.")
    date: Day = Field(description="The date of the version read, quoted: \"2025-04-01\".")
    date_of: Literal["commit", "page", "term"] = Field(description="What the date is: a commit's, a page's, a term's start.")
    area: CensusArea = Field(description="The list's main area; a work may name another.")
    works: list[CensusWork] = Field(min_length=1, description="The works it assigns, in its order.")
