"""The book index must name an existing book resource."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gpulist.checks import ALL_CHECKS, book_index_book, validate
from gpulist.load import load_catalog

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "book_index_catalog"


@pytest.fixture
def catalog_dir(tmp_path: Path) -> Path:
    return Path(shutil.copytree(FIXTURE, tmp_path / "data"))


def _with_book(root: Path, book: str) -> Path:
    path = root / "book-index.yml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "book: ai-systems-performance-engineering", f"book: {book}"), encoding="utf-8")
    return root


def test_an_existing_book_passes(catalog_dir: Path) -> None:
    catalog, problems = validate(catalog_dir)
    assert catalog.book_index is not None
    assert [p for p in problems if p.rule == book_index_book.RULE] == []
    assert book_index_book.check in ALL_CHECKS


def test_an_unknown_book_is_an_error_on_its_line(catalog_dir: Path) -> None:
    catalog, load_problems = load_catalog(_with_book(catalog_dir, "ai-systems-performance-engineerin"))
    assert load_problems == []
    [problem] = book_index_book.check(catalog)
    # The value after `book: ` is what is wrong, so the column points at it.
    assert (problem.line, problem.col, problem.severity, problem.rule) == (2, 7, "error", "book-index-book")
    assert problem.path.endswith("book-index.yml")
    assert "did you mean 'ai-systems-performance-engineering'" in problem.message


def test_the_book_must_be_a_book(catalog_dir: Path) -> None:
    catalog, _ = load_catalog(_with_book(catalog_dir, "flashattention-2"))
    [problem] = book_index_book.check(catalog)
    assert "is a paper, not a book" in problem.message


def test_no_book_index_no_rule(catalog_dir: Path) -> None:
    (catalog_dir / "book-index.yml").unlink()
    catalog, _ = load_catalog(catalog_dir)
    assert catalog.book_index is None
    assert book_index_book.check(catalog) == []
