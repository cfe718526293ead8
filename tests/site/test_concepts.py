"""The concept index: A–Z, book sections, list entries, working see-references."""

from __future__ import annotations

import re

from gpulist.load import Catalog
from gpulist.site.concepts import render_concepts
from gpulist.view.catalog import SiteView


def test_letters_terms_and_references(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    text = render_concepts(catalog.book_index, view)
    assert re.findall(r"^## (.+?) \{", text, re.MULTILINE) == ["0–9", "C", "F", "K", "P", "W"]
    kv = text.split("#### KV cache")[1].split("####")[0]
    assert "**Book:** KV Cache Offloading" in kv
    assert 'href="../topics/attention/#vllm"' in kv and "[FlashAttention](#c-flashattention)" in kv
    assert "- *paged KV*: PagedAttention – vLLM Internals\n    - *eviction*: Cache Eviction Policies\n" in kv
    assert '<em>paged KV</em> in the list: 💻 <a href="../topics/attention/#vllm">vLLM</a>' in kv
    assert "**See:** [KV cache](#c-kv-cache)" in text


def test_every_see_link_targets_an_anchor_on_the_page(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    text = render_concepts(catalog.book_index, view)
    anchors = set(re.findall(r"\{ #([a-z0-9_-]+) \}", text))
    assert set(re.findall(r"\]\(#([a-z0-9_-]+)\)", text)) <= anchors


def test_a_term_the_book_lists_twice_shows_once(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    terms = catalog.book_index.terms
    twice = catalog.book_index.model_copy(update={"terms": [*terms, terms[0]]})
    text = render_concepts(twice, view)
    assert text == render_concepts(catalog.book_index, view)
    changed = terms[0].model_copy(update={"refs": []})
    differs = catalog.book_index.model_copy(update={"terms": [*terms, changed]})
    assert render_concepts(differs, view).count(f"#### {terms[0].term} ") == 2
