"""The book index must name a book of the catalog.

The site's concept index links each concept to the book's own entry, so `book:` in
data/book-index.yml has to be the id of an existing resource, and that resource a book.
"""

from __future__ import annotations

from gpulist.checks._util import at_doc, suggest
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "book-index-book"


def check(catalog: Catalog) -> list[Problem]:
    index = catalog.book_index
    if index is None:
        return []
    found = next((e.resource for e in catalog.entries if e.resource.id == index.book), None)
    if found is None:
        known = [e.resource.id for e in catalog.entries if e.resource.type == "book"]
        message = f"book '{index.book}' is not a resource in resources/{suggest(index.book, known)}"
    elif found.type != "book":
        message = f"book '{index.book}' is a {found.type}, not a book"
    else:
        return []
    doc = catalog.book_index_doc
    assert doc is not None  # a book index was loaded, so its document was kept
    return [at_doc(doc, ("book",), message, RULE)]
