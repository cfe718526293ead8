"""A concept's `book_terms` are terms of the book's index, so "In the book" can list their sections.

Matched exactly against the index's top-level terms (the ones the A–Z shows), with the
closest term suggested for a near miss. Without a book index there is nothing to match.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, written_concepts, written_refs
from gpulist.checks._util import suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "concept-book-term"


def check(catalog: Catalog) -> list[Problem]:
    if catalog.book_index is None:
        return []
    terms = {t.term for t in catalog.book_index.terms}
    problems = []
    for i, cid, item in written_concepts(catalog):
        for j, term in written_refs(item, "book_terms"):
            if term not in terms:
                hint = suggest(term, terms) or " (use a top-level `term:` of book-index.yml, exactly)"
                problems.append(at_concept(catalog, (i, "book_terms", j), f"'{term}' is not a term of the book index{hint}", RULE))
    return problems
