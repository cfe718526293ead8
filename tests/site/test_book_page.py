"""The book's index on its own page: every term A to Z, linked to the concept that covers it."""

from __future__ import annotations

import re

from gpulist.load import Catalog
from gpulist.site.book_page import render_book, term_concepts
from gpulist.site.concept_page import render_concept
from gpulist.site.pages import catalog_pages, nav
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_book_terms_link_to_the_concept_that_covers_them(view: SiteView) -> None:
    covers = term_concepts(view)
    # named in book_terms (FlashAttention is attention's), or spelled like a concept (CUDA, FP8)
    assert covers["FlashAttention"] == "attention" and covers["CUDA"] == "cuda" and covers["FP8"] == "fp8"
    assert covers["paged attention"] == "kv-cache"
    assert covers["2:4 sparsity"] == "" and covers["warp specialization"] == ""


def test_terms_a_to_z_with_anchors_links_and_sections(view: SiteView) -> None:
    text = render_book(view, CONFIG)
    assert re.findall(r"^## (.+) \{ #([\w-]+) \}$", text, re.MULTILINE) == [
        ("0–9", "digits"), ("C", "c"), ("F", "f"), ("K", "k"), ("P", "p"), ("W", "w")]
    assert ('<li id="t-flashattention"><a href="../concepts/attention/">FlashAttention</a> '
            '<span class="gpulist-book-refs">(Fused Attention Kernels)</span></li>') in text
    assert '<li id="t-2-4-sparsity">2:4 sparsity <span class="gpulist-book-refs">(Structured Sparsity)</span></li>' in text
    head = text.split("\n---\n")[0]
    assert "search:\n  exclude: true" in head
    assert '<a href="../topics/fundamentals/#pmpp-book"><em>AI Systems Performance Engineering</em></a>' in text


def test_a_concepts_book_terms_lead_to_their_place_in_the_index(view: SiteView) -> None:
    page = render_concept(view.concept_by_id["kv-cache"], view, CONFIG).split("## In the book")[1]
    assert '<li><em><a href="../../book/#t-kv-cache">KV cache</a></em>: KV Cache Offloading</li>' in page
    assert "[the book's index](../book/index.md)" in page
    ids = set(re.findall(r'<li id="([\w-]+)"', render_book(view, CONFIG)))
    assert set(re.findall(r'book/#([\w-]+)"', page)) <= ids


def test_the_page_is_built_and_in_the_navigation_only_with_a_book(view: SiteView, catalog: Catalog) -> None:
    from dataclasses import replace
    assert "book/index.md" in catalog_pages(view, CONFIG)
    assert {"The book's index": "book/index.md"} in next(i["Browse"] for i in nav(view) if "Browse" in i)
    bare = replace(view, book={})
    assert "book/index.md" not in catalog_pages(bare, CONFIG) and "book/index.md" not in str(nav(bare))
