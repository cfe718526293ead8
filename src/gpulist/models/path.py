"""Reading paths: named, ordered routes through the list for a reader learning one thing.

The guide's tiers say what to read first within a topic; a path crosses topics in the order
a learner needs them ("From first kernel to a fast GEMM"), one entry at a time, each with
the reason it comes at that point. Paths live in data/paths.yml. Steps name entries by id,
the one name that survives a retitled entry or one moved to another topic; whether the ids
exist, repeat or run too long is for the cross-checks, which know the whole catalog.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field, WithJsonSchema
from pydantic_core import PydanticCustomError

from gpulist.models.fields import Id, Ref, Strict, Text

# A path is read in sittings; past this many steps it is a second path, not a longer one.
MAX_STEPS = 15
MAX_WHY = 200
MAX_AUDIENCE = 120


def one_line(limit: int, say: str) -> AfterValidator:
    """A field shown on one line (a step's `why` beside its title, a path's `audience` where
    paths are chosen) has to be one, and short."""
    def check(value: str) -> str:
        if "\n" in value:
            raise PydanticCustomError("one-line", "must be one line: {say}", {"say": say})
        if len(value) > limit:
            raise PydanticCustomError(
                "one-line", "is {n} characters long: keep it to one line of at most {max}", {"n": len(value), "max": limit},
            )
        return value
    return AfterValidator(check)


def one_line_schema(limit: int) -> WithJsonSchema:
    return WithJsonSchema({"type": "string", "minLength": 1, "maxLength": limit, "pattern": "^[^\\n]*$"})


Why = Annotated[Text, one_line(MAX_WHY, "say in a sentence why this step comes now"), one_line_schema(MAX_WHY)]
Audience = Annotated[Text, one_line(MAX_AUDIENCE, "say in a sentence who the path is for"),
                     one_line_schema(MAX_AUDIENCE)]


class PathStep(Strict):
    entry: Ref = Field(description="The id of an entry: its file name under data/resources/, without .yml.")
    why: Why = Field(description="One line: why this entry, at this point of the path.")


class ReadingPath(Strict):
    id: Id = Field(description="The path's page is paths/<id>/.")
    title: Text
    audience: Audience | None = Field(default=None, description="Who the path is for, in one line (\"A programmer "
                                      "new to CUDA.\"): shown where a reader chooses a path.")
    description: Text = Field(description="Where the path leads (and, without `audience`, who it is for).")
    # maxItems is for editors only: the limit is checked by `path-too-long`, which can point
    # at the step where a split would go rather than reject the whole path.
    steps: list[PathStep] = Field(min_length=1, description=f"In reading order, at most {MAX_STEPS}.",
                                  json_schema_extra={"maxItems": MAX_STEPS})
