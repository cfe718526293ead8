"""Every cited figure names a GPU of data/gpus.yml.

The page shows a cited figure beside that GPU's vendor peak; a GPU id that is not a row of
gpus.yml would leave the figure with nothing to stand beside, and it would silently vanish
from the page. Reported where the id is written, with the id that was probably meant.
"""

from __future__ import annotations

from gpulist.checks import _gpus
from gpulist.checks._cited import at_cited, items, text
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "cited-gpu"


def check(catalog: Catalog) -> list[Problem]:
    known = _gpus.ids(catalog, "gpus")
    problems = []
    for i, item in items(catalog, "figures"):
        gpu = text(item, "gpu")
        if gpu and gpu not in known:
            hint = suggest(gpu, known) or " (no GPU of data/gpus.yml has this id)"
            problems.append(at_cited(catalog, ("figures", i, "gpu"), f"unknown GPU '{gpu}'{hint}", RULE))
    return problems
