"""One entry per place: two entries of the same tier (or group) of a topic never share a `position`.

A `position` puts an entry at that place of its tier, ahead of the learning order
(gpulist.view.order); two at the same place would leave their order to chance. Reported at
every entry after the first that claims the place, naming the one that holds it.
"""

from __future__ import annotations

from gpulist.checks._util import at
from gpulist.load import Catalog, Entry
from gpulist.problems import Problem

RULE = "position-taken"


def check(catalog: Catalog) -> list[Problem]:
    held: dict[tuple[str, object, int], Entry] = {}
    problems = []
    for entry in sorted(catalog.entries, key=lambda e: str(e.doc.path)):
        r = entry.resource
        if r.position is None:
            continue
        place = (r.topic, r.tier if r.tier is not None else r.group, r.position)
        first = held.setdefault(place, entry)
        if first is not entry:
            section = f"tier {r.tier}" if r.tier is not None else f"group '{r.group}'"
            problems.append(at(entry, ("position",), f"position {r.position} of {section} of '{r.topic}' is already "
                               f"taken by '{first.resource.id}': give one of them another place", RULE))
    return problems
