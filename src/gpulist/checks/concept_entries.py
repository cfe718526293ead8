"""Every concept leads somewhere: at least two entries carry it, in `tags:` or its `start`.

A concept page with one read, or none, is a definition without a reading list, which is
what the Modal GPU Glossary already is; the list's value is the reads. A vocabulary with no
valid entry yet (a list being set up, where every concept would be reported) is left
alone: there is no page to publish until the first entry loads.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, entry_ids, written_concepts, written_refs, written_tags
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "concept-entries"
MIN_ENTRIES = 2


def check(catalog: Catalog) -> list[Problem]:
    if not catalog.entries:
        return []
    tagged = written_tags(catalog)
    known = entry_ids(catalog)
    problems = []
    for i, cid, item in written_concepts(catalog):
        entries = tagged.get(cid, set()) | {ref for _, ref in written_refs(item, "start") if ref in known}
        if len(entries) < MIN_ENTRIES:
            message = (f"concept '{cid}' has {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}: "
                       f"tag at least {MIN_ENTRIES} entries with it, or list them in `start`")
            problems.append(at_concept(catalog, (i, "id"), message, RULE))
    return problems
