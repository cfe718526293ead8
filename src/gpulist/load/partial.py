"""What is left of an entry that failed validation: its good fields, for the checks that read only them.

A contributor who writes `type: blogg` and `topic: fundamental` in one file should hear about
both at once. Validation drops the file from the catalog, so the cross-checks (an unknown
topic, a missing note) would only speak after the type is fixed: errors one stage at a time.
Here the fields that passed are kept, the failed or missing required ones replaced by
stand-ins and marked `bad`; a check that reads none of the bad fields runs on the rest.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gpulist.load.catalog import Entry
from gpulist.load.yaml_reader import Document
from gpulist.models import Resource

# Valid values for required fields that failed: never reported on, as their field is `bad`.
_STAND_INS: dict[str, Any] = {"title": "untitled", "url": None, "type": "blog", "topic": "unknown",
                              "added": dt.date(1970, 1, 1)}


@dataclass(frozen=True, slots=True)
class Partial:
    """An entry rebuilt from a file that failed validation; `bad` names the fields not to read."""

    entry: Entry
    bad: frozenset[str]


def partial_entry(data: dict[str, Any], doc: Document, exc: ValidationError) -> Partial | None:
    fields = Resource.model_fields
    bad = {str(e["loc"][0]) for e in exc.errors() if e["loc"]}
    required = {name for name, f in fields.items() if f.is_required()}
    good = {k: v for k, v in data.items() if k in fields and k not in bad}
    stand_ins = {k: _STAND_INS[k] for k in required - good.keys() if k in _STAND_INS}
    try:
        resource = Resource.model_validate({**good, **stand_ins})
    except ValidationError:  # a field that fails only beside another (a blog's feed): give up
        return None
    return Partial(Entry(resource, doc), frozenset(bad | stand_ins.keys()))
