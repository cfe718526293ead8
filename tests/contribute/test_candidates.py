"""What an item means: title (with context when the link text names nothing), URL, note, links."""

from __future__ import annotations

import pytest

from gpulist.contribute.candidates import (
    Candidate, Skip, clean_note, debris, generic, link_title, plain, with_version,
)
from gpulist.contribute.list_entries import from_item
from gpulist.contribute.markdown_list import Link, read_items


def one(text: str, parent: str = "") -> Candidate | Skip:
    item = read_items(text)[-1]
    return from_item(item, parent, item.headings[-1] if item.headings else "")


def entry(text: str, parent: str = "") -> Candidate:
    found = one(text, parent)
    assert isinstance(found, Candidate), found
    return found


def test_first_named_link_is_the_entry_and_the_rest_are_links() -> None:
    c = entry("- [FlashAttention](https://arxiv.org/abs/2205.14135) - IO-aware. [[code](https://github.com/x/y)] "
              "| [slides](https://s.org/a.pdf)")
    assert (c.title, c.url, c.notes) == ("FlashAttention", "https://arxiv.org/abs/2205.14135", ["IO-aware."])
    assert c.links == [{"title": "code", "url": "https://github.com/x/y"}, {"title": "slides", "url": "https://s.org/a.pdf"}]


def test_a_role_link_first_gives_way_to_the_named_one() -> None:
    c = entry("- [code](https://github.com/x/y) for [Tiled GEMM](https://example.org/gemm)")
    assert (c.title, c.url, c.links) == ("Tiled GEMM", "https://example.org/gemm",
                                         [{"title": "code", "url": "https://github.com/x/y"}])


@pytest.mark.parametrize(("text", "parent", "title", "source"), [
    ("- Hazy Research [Blog](https://hazyresearch.stanford.edu/blog)", "", "Hazy Research blog", "item text"),
    ("- **Triton** (OpenAI): [docs](https://triton-lang.org/main/)", "", "Triton docs", "item text"),
    ("- Volta Tensor Core： https://example.org/volta.pdf", "", "Volta Tensor Core", "item text"),
    ("- [paper](https://arxiv.org/abs/2401.00002)", "FlashDecoding", "FlashDecoding", "parent item"),
    ("## Stream-K\n- [here](https://example.org/streamk)", "", "Stream-K", "heading"),
    ("- [Wiki: Thread Block](https://en.wikipedia.org/wiki/Thread_block_(CUDA_programming))", "",
     "Thread Block (Wikipedia)", "link text"),
])
def test_generic_link_text_takes_context(text: str, parent: str, title: str, source: str) -> None:
    c = entry(text, parent)
    assert (c.title, c.title_from) == (title, source)
    assert (c.weak_title is not None) == (source == "heading")  # a heading's words are a guess: checked


@pytest.mark.parametrize(("text", "title"), [
    ("## Papers\n- [here](https://example.org/notes/42)", "example.org/notes/42"),
    ("1. https://example.org/only-a-url", "example.org/only-a-url"),
    ("- [Blog](https://hazyresearch.stanford.edu/blog)", "hazyresearch.stanford.edu blog"),
])
def test_nothing_better_is_said(text: str, title: str) -> None:
    c = entry(text)
    assert (c.title, c.title_from) == (title, "URL")
    assert c.weak_title is not None and "nothing around it names the resource" in c.weak_title


def test_reasons_for_non_entries() -> None:
    assert one("- Just words") == Skip(1, "no link", "no link")
    assert isinstance(nav := one("- [Contents](#contents)"), Skip) and nav.kind == "navigation"
    people = one("- Ada [@ada](https://twitter.com/ada) [gh](https://github.com/ada)")
    assert isinstance(people, Skip) and people.kind == "profile"
    assert people.reason == "a person, not a resource: Twitter profile @ada, GitHub account ada"
    badge = one("- [![CI](https://img.shields.io/x.svg)](https://ci.example.org)")
    assert isinstance(badge, Skip) and badge.kind == "badge"


def test_profiles_are_dropped_from_an_entry_s_links() -> None:
    c = entry("- [FlashAttention](https://arxiv.org/abs/2205.14135) by [@tri](https://x.com/tri)")
    assert c.links == [] and c.notes == ["by @tri"]


def test_table_row() -> None:
    found = from_item(read_items("| A | B | C |\n|---|---|---|\n| [Nsight](https://n.org) | Kernel profiler | "
                                 "[docs](https://d.org) |")[0])
    assert isinstance(found, Candidate) and (found.title, found.url) == ("Nsight", "https://n.org")


@pytest.mark.parametrize(("markdown", "note"), [
    ("- [T](https://a.org) - a walk through tiling. [paper](https://b.org), [code](https://c.org)",
     "a walk through tiling."),
    ("- [T](https://a.org) ([code](https://c.org), [slides](https://d.org))", ""),
    ("- [T](https://a.org) [gh](https://github.com/someone)", ""),
    ("- [T](https://a.org)). Material for the lectures", "Material for the lectures"),
    ("- [T](https://a.org) - slides: [pdf](https://d.org) | video: [mp4](https://e.org)", ""),
    ("- [T](https://a.org) - covers (tiling, swizzling) and more", "covers (tiling, swizzling) and more"),
])
def test_notes_are_cleaned_of_leftovers(markdown: str, note: str) -> None:
    item = read_items(markdown)[0]
    first = next(i for i, r in enumerate(item.runs) if r.link)
    assert clean_note(item.runs[first + 1:]) == note


def test_generic_and_plain() -> None:
    assert all(generic(t) for t in ("Blog", "here", "paper", "github.com/x/y", "[code]", "", "Slides & video"))
    assert not any(generic(t) for t in ("Hazy Research", "CUTLASS", "Triton docs"))
    assert plain(":+1: **Bold** <b>title</b> 🔥 -") == "Bold title"
    assert plain("[KAUST]") == "KAUST" and plain("Title (2024)") == "Title (2024)"


@pytest.mark.parametrize(("markdown", "note"), [
    ("- [Mojo](https://a.org) (part of commercial [MAX](https://b.org) by [Modular](https://c.org))",
     "(part of commercial MAX by Modular)"),
    ("- [T](https://a.org), impl: [stack overflow](https://b.org/x), nicer impl: [o/r](https://github.com/o/r)",
     "impl: stack overflow, nicer impl: o/r"),
    ("- [T](https://a.org), impl: [repo](https://b.org/x), more: [code](https://c.org)", ""),  # roles name nothing
    ("- [T](https://a.org) (by [Ada](https://b.org/u/ada))", ""),  # a bracket of glue and links goes with them
    ("- [T](https://a.org) ( , [code](https://c.org) )", ""),
    ("- [T](https://a.org) - see [code](https://c.org) and", ""),
    ("- [T](https://a.org) - written by", ""),
    ("- [T](https://a.org) -- ... ;", ""),
])
def test_link_debris_is_rebuilt_from_the_link_texts_or_dropped(markdown: str, note: str) -> None:
    item = read_items(markdown)[0]
    assert clean_note(item.runs[1:]) == note


def test_debris() -> None:
    assert all(debris(n) for n in ("(part of commercial  by )", "( )", "impl: , more", "made of", "…", "x [ ]"))
    assert not any(debris(n) for n in ("covers (tiling, swizzling) and more", "Built-in", "part of cccl",
                                       "(more basic than the 2022 version)", "C++ by example"))


def test_a_version_in_brackets_joins_the_title() -> None:
    c = entry("- [PTX ISA](https://docs.nvidia.com/cuda/parallel-thread-execution/index.html) (V8.3)")
    assert (c.title, c.notes) == ("PTX ISA (version 8.3)", [])
    assert with_version("CUDA Guide", "[version 12.4] - the current one") == ("CUDA Guide (version 12.4)",
                                                                               "the current one")
    assert with_version("Talk", "(2023)") == ("Talk", "(2023)")  # a year is not a version


@pytest.mark.parametrize(("text", "url", "title"), [
    ("facebookresearch/HolisticTraceAnalysis", "https://github.com/facebookresearch/HolisticTraceAnalysis",
     "Code: facebookresearch/HolisticTraceAnalysis"),
    ("", "https://github.com/exaloop/codon", "Code: exaloop/codon"),
    ("NVIDIA/cccl/tree/main/cub", "https://github.com/NVIDIA/cccl/tree/main/cub", "Code: NVIDIA/cccl/tree/main/cub"),
    ("arxiv.org/abs/2307.08691", "https://arxiv.org/abs/2307.08691", "Paper: arXiv 2307.08691"),
    ("", "https://www.youtube.com/watch?v=dQw4w9WgXcQ", "Video: youtube.com/watch"),
    ("docs.exaloop.io", "https://docs.exaloop.io/codon/", "Docs: docs.exaloop.io/codon"),
    ("", "https://www.modular.com", "Link: modular.com"),
    ("slides", "https://example.org/s.pdf", "slides"),
    ("Nsight docs", "https://docs.nvidia.com/nsight", "Nsight docs"),
])
def test_a_secondary_link_is_titled_by_what_it_is(text: str, url: str, title: str) -> None:
    assert link_title(Link(text, url, auto=not text)) == title
