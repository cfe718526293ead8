"""A record names a lab of data/labs.yml and a GPU of data/gpus.yml.

The lab decides which concept pages show the record and the GPU which vendor peaks its
ceilings are compared with: a record of an unknown one would be shown nowhere, or compared
with nothing. Each is reported at the field, with the id that was probably meant.
"""

from __future__ import annotations

from gpulist.checks._gpus import ids
from gpulist.checks._labs import lab_ids, records, text
from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "measurement-ref"


def check(catalog: Catalog) -> list[Problem]:
    known = {"lab": (lab_ids(catalog), "data/labs.yml"), "gpu": (ids(catalog, "gpus"), "data/gpus.yml")}
    problems = []
    for doc, data in records(catalog):
        for field, (names, where) in known.items():
            value = text(data, field)
            if value is not None and value not in names:
                hint = suggest(value, names) or f" (not in {where})"
                kind = "lab" if field == "lab" else "GPU"
                problems.append(at_doc(doc, (field,), f"unknown {kind} '{value}'{hint}", RULE))
    return problems
