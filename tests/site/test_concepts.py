"""The concept index: A–Z, book sections, list entries, working see-references."""

from __future__ import annotations

import re

from gpulist.load import Catalog
from gpulist.site.concepts import render_concepts
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_letters_terms_and_references(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    text = render_concepts(catalog.book_index, view, CONFIG)
    assert re.findall(r"^## (.+?) \{", text, re.MULTILINE) == ["0–9", "C", "F", "K", "P", "W"]
    kv = text.split('<h4 id="c-kv-cache">KV cache')[1].split("<h4")[0]
    assert "<strong>Book:</strong> KV Cache Offloading" in kv
    assert 'href="../topics/attention/#vllm"' in kv and '<a href="#c-flashattention">FlashAttention</a>' in kv
    assert ("<ul>\n<li><em>paged KV</em>: PagedAttention – vLLM Internals<ul>\n"
            "<li><em>eviction</em>: Cache Eviction Policies</li>\n</ul></li>\n</ul>") in kv
    assert '<em>paged KV</em> in the list: <a href="../topics/attention/#vllm">vLLM</a>' in kv
    assert '<strong>See:</strong> <a href="#c-kv-cache">KV cache</a>' in text
    assert "\n\n" not in kv.split("\n## ")[0].strip(), "a blank line would end the raw HTML block"


def test_every_see_link_targets_an_anchor_on_the_page(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    text = render_concepts(catalog.book_index, view, CONFIG)
    anchors = set(re.findall(r"\{ #([a-z0-9_-]+) \}", text)) | set(re.findall(r'<h4 id="([a-z0-9_-]+)"', text))
    links = set(re.findall(r"\]\(#([a-z0-9_-]+)\)", text)) | set(re.findall(r'<a href="#([a-z0-9_-]+)"', text))
    assert links and links <= anchors


def test_a_term_the_book_lists_twice_shows_once(catalog: Catalog, view: SiteView) -> None:
    assert catalog.book_index is not None
    terms = catalog.book_index.terms
    twice = catalog.book_index.model_copy(update={"terms": [*terms, terms[0]]})
    text = render_concepts(twice, view, CONFIG)
    assert text == render_concepts(catalog.book_index, view, CONFIG)
    changed = terms[0].model_copy(update={"refs": []})
    differs = catalog.book_index.model_copy(update={"terms": [*terms, changed]})
    assert render_concepts(differs, view, CONFIG).count(f">{terms[0].term}<a class=\"headerlink\"") == 2


def test_symbols_after_z_join_the_one_digits_and_symbols_group(catalog: Catalog, view: SiteView) -> None:
    """`~` and `①` sort after Z by their code points; they still belong to the one "0–9" group."""
    assert catalog.book_index is not None
    terms = catalog.book_index.terms
    extra = [terms[0].model_copy(update={"term": name}) for name in ("~tilde", "①circled", "Zeta")]
    text = render_concepts(catalog.book_index.model_copy(update={"terms": [*terms, *extra]}), view, CONFIG)
    letters = re.findall(r"^## (.+?) \{", text, re.MULTILINE)
    assert letters == ["0–9", "C", "F", "K", "P", "W", "Z"]
    bar = text.split("\n## ")[0].splitlines()[-1]
    assert bar.count("0–9") == 1 and len(set(re.findall(r"\{ #(letter_[^ ]+) \}", text))) == len(letters)
    assert text.index(">~tilde<") < text.index(">CUDA<")
