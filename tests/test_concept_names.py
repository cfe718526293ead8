"""Concept names in prose: first mentions, never itself, never in code, the distinctive-name rule."""

from __future__ import annotations

import time

import pytest

from gpulist.concept_names import Names, words
from gpulist.models import Concept


def concept(cid: str, title: str, *aliases: str) -> Concept:
    return Concept(id=cid, title=title, description="d", aliases=list(aliases))


VOCABULARY = [
    concept("shared-memory", "Shared Memory", "SMEM"),
    concept("bank-conflicts", "Bank Conflicts", "shared memory bank conflicts"),
    concept("hopper", "Hopper", "H100", "sm_90a"),
    concept("tma", "TMA", "Tensor Memory Accelerator", "cp.async.bulk"),
    concept("kernels", "Kernels", "kernel", "kernel launch"),
    concept("tensor-cores", "Tensor Cores", "tensor core"),
    concept("nvlink", "NVLink & NVSwitch"),
]
NAMES = Names(VOCABULARY)


def linked(text: str, itself: str = "") -> list[tuple[str, str]]:
    return [(text[m.start:m.end], m.concept) for m in NAMES.mentions(text, itself)]


def test_the_first_mention_of_each_concept_is_found_once_in_order() -> None:
    text = "The TMA copies tiles into shared memory; the TMA then signals, and Shared Memory holds them."
    assert linked(text) == [("TMA", "tma"), ("shared memory", "shared-memory")]


def test_a_concept_never_links_to_itself() -> None:
    assert linked("Hopper's TMA feeds shared memory on an H100.", itself="hopper") == [
        ("TMA", "tma"), ("shared memory", "shared-memory")]


def test_never_inside_code() -> None:
    assert linked("Write `shared memory` and `TMA` as code; then Tensor Cores.") == [("Tensor Cores", "tensor-cores")]


def test_aliases_plurals_and_hyphens_find_their_concept() -> None:
    text = "Kernel launches reach tensor-cores through the Tensor Memory Accelerator and cp.async.bulk."
    assert linked(text) == [("Kernel launches", "kernels"), ("tensor-cores", "tensor-cores"),
                            ("Tensor Memory Accelerator", "tma")]


def test_the_longest_name_wins_where_names_overlap() -> None:
    assert linked("Padding avoids shared memory bank conflicts.") == [("shared memory bank conflicts", "bank-conflicts")]


def test_a_name_never_runs_across_punctuation() -> None:
    assert linked("It is shared. Memory is another matter; tensor, core.") == []


def test_ids_link_where_the_text_writes_them_as_names() -> None:
    """`nvlink` is only an id (the title is two other words): the text's NVLink is its name."""
    assert linked("Across NVLink, an H100 at sm_90a.") == [("NVLink", "nvlink"), ("H100", "hopper")]


# Words that name a concept here but are ordinary words in prose: the rule refuses them all,
# as aliases or titles, in lower case and capitalised at the start of a sentence.
COMMON = ["memory", "kernel", "kernels", "warp", "warps", "thread", "block", "grid", "cluster", "layout",
          "scan", "reduce", "overlap", "tiling", "training", "profiling", "registers", "bandwidth",
          "streams", "events", "padding", "pruning", "epilogue", "evaluation", "benchmark", "cache"]


@pytest.mark.parametrize("word", COMMON)
def test_a_common_word_never_links(word: str) -> None:
    names = Names([concept("x", "X " + word + " things", word), concept("y", word.capitalize(), word + "s")])
    text = f"{word.capitalize()} first. Then {word} in the middle, and {word}s; {word.upper()[:1]}{word[1:]} again."
    assert names.mentions(text) == []


def test_a_capitalised_name_links_in_mid_sentence_only() -> None:
    assert linked("Hopper added clusters, and on Hopper the TMA moved tiles.") == [("Hopper", "hopper"), ("TMA", "tma")]
    assert linked("Hopper added clusters.") == []
    assert linked("One hopper of grain.") == []


def test_a_name_two_concepts_share_links_neither() -> None:
    names = Names([concept("a", "Thread Block Clusters", "clusters"), concept("b", "GPU Clusters", "cluster"),
                   concept("c", "CTA", "thread block")])
    assert words("clusters") == words("Cluster") and names.concept("clusters") is None
    assert [m.concept for m in names.mentions("A CTA of a thread block in GPU Clusters.")] == ["c", "b"]


@pytest.mark.parametrize(("a", "b"), [("kernel launches", "kernel launch"), ("Tensor Cores", "tensor core"),
                                      ("caches", "cache"), ("KV-cache", "KV cache"), ("sm_90a", "SM_90A")])
def test_words_fold_case_plurals_and_punctuation(a: str, b: str) -> None:
    assert words(a) == words(b)


@pytest.mark.parametrize(("a", "b"), [("__device__ memory", "device memory"), ("class", "clas"), ("sm_90", "sm90")])
def test_words_keep_what_tells_names_apart(a: str, b: str) -> None:
    assert words(a) != words(b)


def test_a_thousand_definitions_over_a_thousand_concepts_are_read_promptly() -> None:
    """Generous: about 0.1 s here; benchmarks/concept_links.py measures it."""
    vocabulary = [concept(f"c{i}", f"Concept Number {i}", f"C{i}X", f"alias number {i}") for i in range(1000)]
    text = " ".join(f"Concept number {i} and C{i + 1}X then alias number {i + 2}." for i in range(40))
    started = time.perf_counter()
    names = Names(vocabulary)
    found = [names.mentions(text, f"c{i}") for i in range(1000)]
    assert time.perf_counter() - started < 10 and all(len(f) >= 40 for f in found)
