"""A resource: one entry of the list, one file under data/resources/."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text, TierNumber, Url

ResourceType = Literal["paper", "blog", "video", "book", "code", "docs", "course", "tool", "community", "exercise"]
RESOURCE_TYPES: tuple[str, ...] = ResourceType.__args__  # type: ignore[attr-defined]

# How long a reader needs, in bands a learner can plan a week with (see EFFORT_BANDS).
Effort = Literal["quick", "hour", "afternoon", "days", "weeks"]
EFFORTS: tuple[str, ...] = Effort.__args__  # type: ignore[attr-defined]
EFFORT_BANDS = {"quick": "under 30 minutes", "hour": "30–90 minutes", "afternoon": "2–4 hours",
                "days": "a few days", "weeks": "weeks: a book or a course"}
# What reading it costs: `free` unless said otherwise. A free preprint or author copy, linked
# in `links`, keeps a paywalled paper `free`.
Access = Literal["free", "paid", "paywall", "login"]
ACCESSES: tuple[str, ...] = Access.__args__  # type: ignore[attr-defined]
# Types a reader does not "finish", so an effort band says little: it may be left out.
EFFORT_OPTIONAL: tuple[str, ...] = ("community", "tool")

# Ordered as a reader scans an entry; `gpulist fmt` writes fields in this order.
FIELD_ORDER: tuple[str, ...] = (
    "title", "url", "type", "topic", "tier", "group", "position", "tags", "requires", "authors", "year", "venue",
    "arxiv", "doi", "effort", "access", "language", "notes", "links", "continued_by", "feed", "added", "favorite",
    "reviewed", "provenance",
)
# Fields for curators only: kept in the data and the schema, never rendered on the site nor
# written to any export a reader sees (resources.json, README, BibTeX, llms.txt).
CURATOR_FIELDS: tuple[str, ...] = ("provenance",)
# A language tag as BCP 47 begins: ISO 639-1 `zh`, optionally a script or region (`zh-Hant`).
LANGUAGE_PATTERN = r"^[a-z]{2}(?:-[A-Za-z0-9]{2,8})*$"


class Link(Strict):
    title: Text
    url: Url


class Resource(Strict):
    id: Id = Field(description="The file name without .yml; set by the loader, never written in the file.")
    title: Text
    url: Url | None = Field(description="Canonical http(s) URL; null only when none is known (flagged 'link wanted').")
    type: ResourceType
    topic: Ref = Field(description="A topic id from data/topics.yml.")
    tier: TierNumber | None = None
    group: Id | None = None
    position: Annotated[int, Field(ge=1, le=999)] | None = Field(
        default=None, description="Where the entry sits in its tier or group (1 is first), when a curator knows "
                                  "better than the learning order: the others fill the remaining places.",
    )
    tags: list[Ref] = Field(default=[], description="Concept ids from data/concepts.yml that the entry covers.")
    requires: list[Ref] = Field(
        default=[], description="Concept ids the entry assumes its reader already understands.",
    )
    authors: list[Text] = []
    year: Annotated[int, Field(ge=1950, le=2100)] | None = None
    venue: Text | None = Field(default=None, description="Where a paper appeared, e.g. 'OSDI 2022'.")
    arxiv: Annotated[str, Field(pattern=r"^\d{4}\.\d{4,5}$")] | None = Field(
        default=None, description="arXiv identifier without version, e.g. 2307.08691."
    )
    doi: Annotated[str, Field(pattern=r"^10\.\d{4,9}/\S+$")] | None = None
    effort: Effort | None = Field(
        default=None, description="How long a reader needs: quick (<30 min), hour (30–90 min), afternoon "
                                  "(2–4 h), days, weeks (a book or a course).",
    )
    access: Access = Field(default="free", description="free, paid (a book or paid course), paywall "
                                                         "(no free copy linked) or login (a free account).")
    language: Annotated[str, Field(pattern=LANGUAGE_PATTERN)] | None = Field(
        default=None, description="The resource's language when it is not English, as a language tag: zh, ja, de.",
    )
    notes: list[Text] = Field(default=[], description="Markdown bullet points shown under the entry.")
    links: list[Link] = Field(default=[], description="Secondary links: code, slides, a Discord, ...")
    continued_by: list[Ref] = Field(
        default=[], description="Entry ids of later work that builds directly on this one (its successors).",
    )
    feed: Url | None = Field(
        default=None, description="A blog's RSS or Atom feed; `gpulist watch` follows it for new posts.",
    )
    added: dt.date = Field(description="When the entry joined the list (YYYY-MM-DD).")
    favorite: bool = Field(default=False, description="Community favourite (🔥).")
    reviewed: bool = Field(
        default=True, description="false: listed from its address alone, not yet read by a curator; the card says "
                                  "'not yet reviewed'.",
    )
    provenance: Text | None = Field(
        default=None, description="For curators: how the entry was sourced (which copy, listing or search it rests "
                                  "on). Plain text; never shown on the site or in any export.",
    )

    @field_validator("feed")
    @classmethod
    def _feed_is_for_blogs(cls, feed: str | None, info: ValidationInfo) -> str | None:
        """A paper or a repository has no posts to follow; `gpulist watch` reads blogs' feeds."""
        kind = info.data.get("type")
        if feed is not None and kind is not None and kind != "blog":
            raise PydanticCustomError("feed-not-blog", "only a blog has a `feed` (this entry's type is {kind})",
                                      {"kind": kind})
        return feed

    @property
    def link_wanted(self) -> bool:
        return self.url is None
