"""Tags: the controlled vocabulary that cross-cuts topics."""

from __future__ import annotations

from gpulist.models.fields import Id, Strict, Text


class Tag(Strict):
    id: Id
    title: Text
    description: Text
    aliases: list[Text] = []
