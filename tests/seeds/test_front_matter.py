"""Entries of the book's index about the book itself (its preface) are not terms: dropped."""

from __future__ import annotations

from gpulist.models import IndexTerm, SectionRef
from gpulist.seeds.front_matter import without_front_matter

from tests.conftest import DATA


def _t(term: str, *sections: str, **more: object) -> IndexTerm:
    return IndexTerm(term=term, refs=[SectionRef(section=s) for s in sections], **more)  # type: ignore[arg-type]


def test_an_entry_indexing_only_the_preface_is_dropped_at_any_depth() -> None:
    terms = [_t("book web page", "How to Contact Us"), _t("“Contact” (Phish)", "Acknowledgments"),
             _t("KV cache", "Acknowledgments", "KV Cache Offloading"),  # also indexed in a chapter: a term
             _t("resources online", subterms=[_t("book web page", "How to Contact Us"), _t("NCCL docs", "NCCL")]),
             _t("web pages", subterms=[_t("book web page", "How to Contact Us")]),  # nothing left: dropped
             _t("book, the", "How to Contact Us", see=["web page for book"])]  # a cross reference keeps it
    kept = without_front_matter(terms)
    assert [t.term for t in kept] == ["KV cache", "resources online", "book, the"]
    assert [s.term for s in kept[1].subterms] == ["NCCL docs"]


def test_the_committed_index_has_no_entry_about_the_book() -> None:
    text = (DATA / "book-index.yml").read_text(encoding="utf-8")
    assert "“Contact” (Phish)" not in text and "term: book web page" not in text
    assert "term: KV cache" in text or "term: KV-cache" in text or "KV cache" in text
