"""The words of data/gpus.yml are plain text: no HTML, entities, Markdown links or addresses.

Names, architectures, titles and the `where` of each number are shown on the GPU page (and
in its source list); the page escapes them anyway, but markup there would show as literal
`<b>` or a dead `javascript:` string, so it is refused where it is written. Addresses belong
in a source's `url`, where they are checked as addresses.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._gpus import at_gpus, figure_groups, items
from gpulist.checks.concept_definition import MARKUP
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "gpu-markup"
MESSAGE = "plain text only: no HTML, entities, Markdown links or addresses (an address goes in a source's `url`)"


def check(catalog: Catalog) -> list[Problem]:
    return [at_gpus(catalog, loc, MESSAGE, RULE) for loc, value in _texts(catalog) if MARKUP.search(value)]


def _texts(catalog: Catalog) -> Iterator[tuple[Loc, str]]:
    for i, source in items(catalog, "sources"):
        yield from _fields(("sources", i), source, ("title", "publisher"))
        if isinstance(source.get("via"), dict):
            yield from _fields(("sources", i, "via"), source["via"], ("title",))
    for i, gpu in items(catalog, "gpus"):
        yield from _fields(("gpus", i), gpu, ("name", "architecture"))
        for j, group in figure_groups(gpu):
            yield from _fields(("gpus", i, "figures", j), group, ("where", "interconnect"))
    for i, model in items(catalog, "models"):
        yield from _fields(("models", i), model, ("name", "where"))


def _fields(base: Loc, item: dict[str, Any], names: tuple[str, ...]) -> Iterator[tuple[Loc, str]]:
    for name in names:
        if isinstance(item.get(name), str):
            yield (*base, name), item[name]
