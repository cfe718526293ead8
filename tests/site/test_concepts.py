"""The concepts index: the map and the concepts A–Z; the book's index has its own page."""

from __future__ import annotations

import gzip
import re

from gpulist.site.concepts import render_concepts
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_map_then_concepts_a_to_z_and_no_book(view: SiteView) -> None:
    text = render_concepts(view, CONFIG)
    assert text.index('<figure class="gpulist-map"') < text.index("## Concepts A–Z")
    az = text.split("## Concepts A–Z")[1]
    assert re.findall(r'<a href="[^"]+">([^<]+)</a>', az) == ["Attention", "CUDA", "FP8", "KV cache"]
    assert '<a href="../concepts/kv-cache/">KV cache</a>: Storing keys and values across decoding steps.' in az
    assert "## The book" not in text and "Structured Sparsity" not in text
    assert "is on [a page of its own](../book/index.md)." in text  # checked by the engine, rewritten for it


def test_without_a_book_there_is_no_link_to_one(view: SiteView) -> None:
    from dataclasses import replace
    assert "a page of its own" not in render_concepts(replace(view, book={}), CONFIG)


def test_the_index_stays_out_of_search_and_small(view: SiteView) -> None:
    text = render_concepts(view, CONFIG)
    head = text.split("\n---\n")[0]
    assert "search:\n  exclude: true" in head and 'hide: ["toc"]' in head
    assert len(gzip.compress(text.encode())) < 60_000
