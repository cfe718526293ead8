"""Entries of the book's index that are not terms: the book's own preface, indexed.

The index of *AI Systems Performance Engineering* indexes its preface as it indexes its
chapters: "book web page" (How to Contact Us), "book supplemental material online" (Using Code
Examples), "“Contact” (Phish)" and "Little Red Whiting Hood" (the Acknowledgments). A reader
of this list's book page looks for GPU terms; these are about the book, not its subject. An
entry whose every reference is to one of the preface's sections is dropped, and so is an entry
left with nothing (no reference, cross reference or subterm) once its subterms are.
"""

from __future__ import annotations

from gpulist.models import IndexTerm

# The sections of an O'Reilly book's preface, as the index names them.
FRONT_MATTER = frozenset({
    "Preface", "How to Contact Us", "Using Code Examples", "Acknowledgments", "O’Reilly Online Learning",
    "Conventions Used in This Book",
})


def about_the_book(term: IndexTerm) -> bool:
    """Whether a term's only references are to the preface (and it points nowhere else)."""
    return bool(term.refs) and not term.see and not term.see_also and all(
        r.section in FRONT_MATTER and (r.to is None or r.to in FRONT_MATTER) for r in term.refs)


def without_front_matter(terms: list[IndexTerm]) -> list[IndexTerm]:
    """The terms, without those about the book itself, at every depth."""
    kept = []
    for term in terms:
        subterms = without_front_matter(term.subterms)
        if about_the_book(term) and not subterms:
            continue
        if term.subterms and not subterms and not term.refs and not term.see and not term.see_also:
            continue  # every subterm was about the book
        kept.append(term.model_copy(update={"subterms": subterms}))
    return kept
