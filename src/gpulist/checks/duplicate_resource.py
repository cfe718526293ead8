"""Two files must not list the same resource, however its URL is spelled.

Reported on the newer file (the later `added`, then the later path: see `oldest_first`),
naming the one that was there first: the new file is the one to remove or merge.
"""

from __future__ import annotations

from gpulist.checks._util import at, oldest_first
from gpulist.identity import Key, by_strength, identity_keys
from gpulist.load import Catalog, Entry
from gpulist.problems import Problem

RULE = "duplicate"


def check(catalog: Catalog) -> list[Problem]:
    first: dict[Key, Entry] = {}
    problems: list[Problem] = []
    for entry in oldest_first(catalog.entries):
        r = entry.resource
        keys = by_strength(identity_keys(r.url, r.arxiv, r.doi))
        clash = next((k for k in keys if k in first and first[k] is not entry), None)
        if clash is not None:
            other = first[clash]
            msg = f"duplicate of {other.doc.path} ({clash.describe()})"
            problems.append(at(entry, ("url",), msg, RULE))
        for key in keys:
            first.setdefault(key, entry)
    return problems
