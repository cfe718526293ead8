"""A record lives at data/measurements/<gpu>/<lab>.yml, and says so in its fields.

The path is how a reader (and a pull request's reviewer) finds a GPU's results, and the
one place a second run of the same lab on the same GPU replaces the first: a record whose
`lab` or `gpu` disagrees with where it lies would shadow, or be shadowed by, another.
"""

from __future__ import annotations

import os

from gpulist.checks._labs import MEASUREMENTS, record_place, records, text
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "measurement-path"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in records(catalog):
        lab, gpu = text(data, "lab"), text(data, "gpu")
        if lab is None or gpu is None:
            continue  # a missing field is the model's to report
        place = record_place(catalog, doc)
        stem = os.path.splitext(place[-1])[0]
        if len(place) == 2 and (place[0], stem) == (gpu, lab):
            continue
        field = "gpu" if len(place) == 2 and stem == lab else "lab"
        wanted = f"{MEASUREMENTS}/{gpu}/{lab}.yml"
        problems.append(at_doc(doc, (field,), f"a record of lab '{lab}' on GPU '{gpu}' belongs at data/{wanted} "
                               f"(found at data/{MEASUREMENTS}/{'/'.join(place)}): move it, or fix `{field}`", RULE))
    return problems
