"""What data/labs.yml names exists, and each lab is listed once with its own script.

A lab's concepts are the pages that show its Measured section: an unknown concept id would
leave a result nowhere on the site. Its script is labs/<id with - as _>.py, the module
`labs/run.py --lab <id>` runs, so a script named otherwise would never be the one run.
"""

from __future__ import annotations

from gpulist.checks._concepts import written_concepts
from gpulist.checks._labs import lab_items
from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog
from gpulist.models import script_of
from gpulist.problems import Problem

RULE = "lab-ref"


def check(catalog: Catalog) -> list[Problem]:
    doc = catalog.labs_doc
    if doc is None:
        return []
    known = {cid for _, cid, _ in written_concepts(catalog)}
    problems, seen = [], {}
    for i, item in lab_items(catalog):
        lab_id = item.get("id") if isinstance(item.get("id"), str) else None
        if lab_id in seen:
            problems.append(at_doc(doc, ("labs", i, "id"), f"lab '{lab_id}' is listed twice (first as labs[{seen[lab_id]}])",
                                   RULE))
        elif lab_id:
            seen[lab_id] = i
        script = item.get("script")
        if lab_id and isinstance(script, str) and script != script_of(lab_id):
            problems.append(at_doc(doc, ("labs", i, "script"), f"the script of lab '{lab_id}' is {script_of(lab_id)}, "
                                   f"the module `labs/run.py --lab {lab_id}` runs (found {script})", RULE))
        concepts = item.get("concepts")
        for j, concept in enumerate(concepts if isinstance(concepts, list) else []):
            if isinstance(concept, str) and concept.strip() not in known:
                hint = suggest(concept, known) or " (not in concepts.yml)"
                problems.append(at_doc(doc, ("labs", i, "concepts", j), f"unknown concept '{concept}'{hint}", RULE))
    return problems
