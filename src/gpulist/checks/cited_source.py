"""Every cited figure names a source of the same file.

A cited number is only worth showing with who measured it and where they published it: an
unknown source id would leave it without either, so it is reported where it is written.
"""

from __future__ import annotations

from gpulist.checks._cited import at_cited, items, text
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "cited-source"


def check(catalog: Catalog) -> list[Problem]:
    known = {sid for _, s in items(catalog, "sources") if (sid := text(s, "id"))}
    problems = []
    for i, item in items(catalog, "figures"):
        source = text(item, "source")
        if source and source not in known:
            hint = suggest(source, known) or " (no item of `sources` has this id)"
            problems.append(at_cited(catalog, ("figures", i, "source"), f"unknown source '{source}'{hint}", RULE))
    return problems
