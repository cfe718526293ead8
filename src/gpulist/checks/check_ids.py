"""Each check question's `id` is unique across data/concepts.yml.

The id is what a reader's review schedule is keyed by, in the browser (the Review page) and
in Anki (each note's GUID comes from it), so two questions sharing one would share a
schedule, and an Anki import would overwrite one with the other. Unique across the file, not
per concept: a question moved to another concept keeps its id and its schedule. A missing id
is the model's to report (with how to add one, gpulist.load.messages); this rule reports the
repeat where it is written, naming the concept that has the id first.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, written_concepts
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "check-id"


def check(catalog: Catalog) -> list[Problem]:
    problems: list[Problem] = []
    first: dict[str, str] = {}
    for i, cid, item in written_concepts(catalog):
        questions = item.get("check")
        for j, q in enumerate(questions if isinstance(questions, list) else []):
            qid = q.get("id") if isinstance(q, dict) else None
            if not isinstance(qid, str):
                continue
            qid = qid.strip()
            if qid in first:
                where = "this concept" if first[qid] == cid else f"concept '{first[qid]}'"
                message = (f"check question id '{qid}' is already used in {where}: each question's id must be "
                           "unique in the file (a reader's review schedule is keyed by it)")
                problems.append(at_concept(catalog, (i, "check", j, "id"), message, RULE))
            first.setdefault(qid, cid)
    return problems
