"""Concept matching through tags, aliases, titles and notes."""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.site.concept_match import ConceptMatcher, words
from gpulist.view.catalog import SiteView


def ids(entries: list) -> list[str]:
    return [e.resource.id for e in entries]


def test_words_normalise_case_punctuation_and_plurals() -> None:
    assert words("Tensor Cores, FP8!") == ("tensor", "core", "fp8")
    assert words("cuBLAS") == words("CUBLAS")
    assert words("class") == ("class",)


def test_match_through_tag_title_id_and_alias(view: SiteView) -> None:
    matcher = ConceptMatcher(view.entries, view.concepts)
    assert ids(matcher.match("KV cache")) == ["vllm", "kv-old"]
    assert ids(matcher.match("paged kv", text=False)) == ["vllm", "kv-old"]
    assert ids(matcher.match("CUDA-C++", text=False)) == ["pmpp-book", "cuda-programming-guide", "ptx-isa",
                                                             "flashattention-2"]


def test_match_phrases_in_titles_and_notes(view: SiteView) -> None:
    matcher = ConceptMatcher(view.entries, view.concepts)
    assert ids(matcher.match("warp specialization")) == ["flashattention-3"]
    assert ids(matcher.match("work partitioning")) == ["flashattention-2"]
    assert matcher.match("specialization warp") == []
    assert matcher.match("") == []


def test_text_matching_can_be_turned_off(catalog: Catalog, view: SiteView) -> None:
    matcher = ConceptMatcher(view.entries, view.concepts)
    assert matcher.match("warp specialization", text=False) == []
