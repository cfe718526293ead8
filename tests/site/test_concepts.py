"""The concepts index: the map, the concepts A–Z, and the book's terms linked to concept pages."""

from __future__ import annotations

import gzip
import re

from gpulist.load import Catalog
from gpulist.site.concepts import render_concepts, term_concepts
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_map_then_concepts_then_the_book(view: SiteView) -> None:
    text = render_concepts(view, CONFIG)
    assert text.index('<figure class="gpulist-map"') < text.index("## Concepts A–Z") < text.index("## The book's index")
    az = text.split("## Concepts A–Z")[1].split("## The book's index")[0]
    assert re.findall(r'<a href="[^"]+">([^<]+)</a>', az) == ["Attention", "CUDA", "FP8", "KV cache"]
    assert '<a href="../concepts/kv-cache/">KV cache</a>: Storing keys and values across decoding steps.' in az


def test_book_terms_link_to_the_concept_that_covers_them(view: SiteView) -> None:
    covers = term_concepts(view)
    # named in book_terms (FlashAttention is attention's), or spelled like a concept (CUDA, FP8)
    assert covers["FlashAttention"] == "attention" and covers["CUDA"] == "cuda" and covers["FP8"] == "fp8"
    assert covers["paged attention"] == "kv-cache"
    assert covers["2:4 sparsity"] == "" and covers["warp specialization"] == ""
    book = render_concepts(view, CONFIG).split("## The book's index")[1]
    assert '<li><a href="../concepts/attention/">FlashAttention</a></li>' in book
    assert "<li>2:4 sparsity <span class=\"gpulist-book-refs\">(Structured Sparsity)</span></li>" in book
    assert re.findall(r"^### (.+)$", book, re.MULTILINE) == ["0–9", "C", "F", "K", "P", "W"]


def test_without_a_book_there_is_no_book_section(catalog: Catalog) -> None:
    from gpulist.view.catalog import build_view
    bare = Catalog(root=catalog.root, topics=catalog.topics, concepts=catalog.concepts, entries=catalog.entries)
    assert "## The book's index" not in render_concepts(build_view(bare), CONFIG)


def test_the_index_stays_out_of_search_and_small(view: SiteView) -> None:
    text = render_concepts(view, CONFIG)
    assert "search:\n  exclude: true" in text.split("\n---\n")[0]
    assert len(gzip.compress(text.encode())) < 60_000
