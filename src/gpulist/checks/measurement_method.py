"""A record is measured on random data, with a kernel checked against a reference.

Zeros make a kernel look faster than it is (sparsity-aware hardware, compressed memory,
branch-free paths) and an unchecked kernel may be timing nothing at all: the issue's method
says a lab whose kernel fails its check writes no timing. A record that says otherwise in
its `method` is refused at the field.
"""

from __future__ import annotations

from gpulist.checks._labs import records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "measurement-method"
DATA = "random"


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in records(catalog):
        method = data.get("method")
        if not isinstance(method, dict):
            continue
        kind = method.get("data")
        if isinstance(kind, str) and kind.strip() != DATA:
            problems.append(at_doc(doc, ("method", "data"), f"measured on '{kind.strip()}' data: a lab times random "
                                   "data (zeros and constants run faster than real inputs), so `data` is always "
                                   f"'{DATA}'", RULE))
        if method.get("checked") is False:
            problems.append(at_doc(doc, ("method", "checked"), "the kernel's output was not checked against a "
                                   "reference: an unchecked kernel writes no timing", RULE))
    return problems
