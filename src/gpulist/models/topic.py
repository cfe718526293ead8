"""Topics mirror the guide's sections: tiered reading order, or named groups."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Strict, Text


class Tier(Strict):
    tier: Literal[1, 2, 3]
    title: Text = Field(description="The guide's subtitle, e.g. 'Start Here'.")


class Group(Strict):
    id: Id
    title: Text


class Topic(Strict):
    id: Id
    number: Annotated[int, Field(ge=1)]
    title: Text
    description: Text
    tiers: list[Tier] = []
    groups: list[Group] = []

    @model_validator(mode="after")
    def _tiers_or_groups(self) -> "Topic":
        if bool(self.tiers) == bool(self.groups):
            raise PydanticCustomError("topic-shape", "a topic declares either `tiers` or `groups`, not both or neither")
        if self.tiers and sorted(t.tier for t in self.tiers) != [1, 2, 3]:
            raise PydanticCustomError("topic-shape", "a tiered topic declares tiers 1, 2 and 3, once each")
        return self

    @property
    def tiered(self) -> bool:
        return bool(self.tiers)

    def tier_title(self, tier: int) -> str:
        return next(t.title for t in self.tiers if t.tier == tier)
