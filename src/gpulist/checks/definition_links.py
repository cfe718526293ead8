"""Advice: a definition names the concepts it builds on, so its page links them.

The concept pages link the first mention of each other concept in a definition
(gpulist.concept_names): that is what lets a reader wander from one definition to the
next, as in a glossary. A definition that names fewer than two other concepts in a way the
matcher can link (a title or an alias, two words or written as only a name is written:
see the distinctive-name rule) is an island. Advice, not an error: some concepts stand on
their own, and the fix is in the prose or an alias, which takes a reader's judgement.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, written_concepts
from gpulist.concept_names import RULE as NAME_RULE
from gpulist.concept_names import Names
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "definition-links"
MIN_LINKS = 2


def check(catalog: Catalog) -> list[Problem]:
    names = Names(catalog.concepts)
    at = {cid: i for i, cid, _ in written_concepts(catalog)}
    problems = []
    for concept in catalog.concepts:
        if not concept.definition or concept.id not in at:
            continue
        linked = names.mentions(concept.definition, concept.id)
        if len(linked) < MIN_LINKS:
            named = ", ".join(m.concept for m in linked) or "none"
            message = (f"the definition of '{concept.id}' links {len(linked)} other concept{'s' * (len(linked) != 1)} "
                       f"({named}): name at least {MIN_LINKS} it builds on by a title or alias ({NAME_RULE})")
            problems.append(at_concept(catalog, (at[concept.id], "definition"), message, RULE, "warning"))
    return problems
