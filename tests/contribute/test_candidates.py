"""What an item means: title, URL, description, secondary links, type and favourite."""

from __future__ import annotations

from gpulist.contribute.candidates import NAVIGATION, Candidate, from_item, plain
from gpulist.contribute.markdown_list import read_items


def one(text: str) -> Candidate | str:
    return from_item(read_items(text)[0])


def test_first_link_is_the_entry_and_the_rest_are_links() -> None:
    c = one("- [FlashAttention](https://arxiv.org/abs/2205.14135) - IO-aware. [[code](https://github.com/x/y)] "
            "| [slides](https://s.org/a.pdf)")
    assert isinstance(c, Candidate)
    assert (c.title, c.url, c.notes) == ("FlashAttention", "https://arxiv.org/abs/2205.14135", ["IO-aware."])
    assert c.links == [{"title": "code", "url": "https://github.com/x/y"}, {"title": "slides", "url": "https://s.org/a.pdf"}]


def test_guide_style_bold_title_with_display_url() -> None:
    c = one("📄 **Dissecting Hopper** - [arxiv.org/abs/2402.13499](https://arxiv.org/abs/2402.13499) ✨ 🔥")
    assert isinstance(c, Candidate)
    assert (c.title, c.type, c.favorite) == ("Dissecting Hopper", "paper", True)


def test_text_before_a_bare_url_is_the_title() -> None:
    c = one("Volta Tensor Core： https://example.org/volta.pdf")
    assert isinstance(c, Candidate) and c.title == "Volta Tensor Core"


def test_reasons_for_non_entries() -> None:
    assert one("1. https://example.org/only-a-url") == "bare URL without a title"
    assert one("- Just words") == "no link"
    assert one("- [Contents](#contents)") == NAVIGATION
    assert one("| no | link |\n") == "table row without a link"


def test_table_row() -> None:
    c = one("| [Nsight](https://n.org) | Kernel profiler | [docs](https://d.org) |")
    assert isinstance(c, Candidate)
    assert (c.title, c.notes, c.links) == ("Nsight", ["Kernel profiler"], [{"title": "docs", "url": "https://d.org"}])


def test_plain_strips_decoration_and_html() -> None:
    assert plain(":+1: **Bold** <b>title</b> 🔥 -") == "Bold title"
    assert plain("[KAUST]") == "KAUST" and plain("Title (2024)") == "Title (2024)"
