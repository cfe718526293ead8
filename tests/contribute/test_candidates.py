"""What an item means: title (with context when the link text names nothing), URL, note, links."""

from __future__ import annotations

import pytest

from gpulist.contribute.candidates import Candidate, Skip, clean_note, generic, plain
from gpulist.contribute.list_entries import from_item
from gpulist.contribute.markdown_list import read_items


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
