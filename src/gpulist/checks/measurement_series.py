"""A record's series can be drawn: each id once, and text on the x axis only where it is a category.

The chart gives each series its own line and legend entry by id, and places points by x:
a label such as `pinned` has a place on a category axis only; on a linear or log axis a
point needs a number, in the axis's unit.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpulist.checks._labs import records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "measurement-series"


def _series(data: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    series = data.get("series")
    for i, item in enumerate(series if isinstance(series, list) else []):
        if isinstance(item, dict):
            yield i, item


def _text_points(i: int, item: dict[str, Any]) -> Iterator[tuple[Loc, str]]:
    points = item.get("points")
    for j, point in enumerate(points if isinstance(points, list) else []):
        if isinstance(point, dict) and isinstance(point.get("x"), str):
            yield ("series", i, "points", j, "x"), point["x"]


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in records(catalog):
        seen: dict[str, int] = {}
        for i, item in _series(data):
            sid = item.get("id")
            if isinstance(sid, str) and sid in seen:
                problems.append(at_doc(doc, ("series", i, "id"), f"series '{sid}' is listed twice (first as "
                                       f"series[{seen[sid]}])", RULE))
            elif isinstance(sid, str):
                seen[sid] = i
            if item.get("scale") in ("linear", "log2", "log10"):
                for loc, label in _text_points(i, item):
                    problems.append(at_doc(doc, loc, f"x is the text '{label}' on a {item['scale']} axis: write a "
                                           "number, or make the series' scale `category`", RULE))
    return problems
