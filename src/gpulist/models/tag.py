"""Tags: the controlled vocabulary that cross-cuts topics."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from gpulist.models.fields import Id, Text


class Tag(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    id: Id
    title: Text
    description: Text
    aliases: list[Text] = []
