"""The book index must name a book of the catalog.

The site's concept index links each concept to the book's own entry, so `book:` in
data/book-index.yml has to be the id of an existing resource, and that resource a book.
"""

from __future__ import annotations

from pathlib import Path

from gpulist.checks._util import suggest
from gpulist.load import Catalog, display_path
from gpulist.load.loader import BOOK_INDEX
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
    path = catalog.root / BOOK_INDEX
    return [Problem(display_path(path), _book_line(path), 1, message, RULE)]


def _book_line(path: Path) -> int:
    """The loader keeps no marks for this file, and the key sits near the top of it."""
    try:
        with path.open(encoding="utf-8") as lines:
            return next((n for n, line in enumerate(lines, start=1) if line.startswith("book:")), 1)
    except OSError:
        return 1
