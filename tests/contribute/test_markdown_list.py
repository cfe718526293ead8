"""Items of a Markdown list as CommonMark parses them: lines, headings, kinds and links."""

from __future__ import annotations

from gpulist.contribute.markdown_list import link_targets, read_items

LIST = """---
title: front matter https://example.org/front
---
# Top
Intro prose with [a link](https://example.org/intro).

## Section
- [One](https://example.org/1) - first
  wrapped description
1. [Two
   wrapped](https://example.org/2)
```
- [Fenced](https://example.org/fenced)
```
<!--
- [Hidden](https://example.org/hidden)
-->
| Name | Link |
|---|---|
| Three | <https://example.org/3> |
"""


def test_items_lines_headings_and_kinds() -> None:
    items = read_items(LIST)
    assert [(i.line, i.kind) for i in items] == [(5, "para"), (8, "item"), (10, "item"), (20, "row")]
    assert items[1].text == "One - first wrapped description"
    assert items[1].headings == ("Top", "Section")
    assert [link.text for link in items[2].links()] == ["Two wrapped"]
    assert [[r.text for r in cell] for cell in items[3].cells] == [["Three"], ["https://example.org/3"]]


def test_code_html_comments_and_front_matter_hold_no_links() -> None:
    assert link_targets(LIST) == ["https://example.org/intro", "https://example.org/1", "https://example.org/2",
                                  "https://example.org/3"]


def test_urls_come_out_whole() -> None:
    text = """[ref]: https://example.org/ref_(x) "T"

- [Wiki](https://en.wikipedia.org/wiki/Thread_block_(CUDA_programming)) tail
- <https://example.org/a(b)> and bare https://example.org/c_(d). end
- [by reference][ref] and (Swapped Title)[https://example.org/swapped]
"""
    items = read_items(text)
    assert [(link.text, link.url, link.auto) for item in items for link in item.links()] == [
        ("Wiki", "https://en.wikipedia.org/wiki/Thread_block_(CUDA_programming)", False),
        ("https://example.org/a(b)", "https://example.org/a(b)", True),
        ("https://example.org/c_(d)", "https://example.org/c_(d)", True),
        ("by reference", "https://example.org/ref_(x)", False),
        ("Swapped Title", "https://example.org/swapped", False),
    ]
    assert items[0].text == "Wiki tail" and items[2].text == "by reference and Swapped Title"


def test_badges_images_and_bold() -> None:
    [item] = read_items("- [![CI](https://img.shields.io/x.svg)](https://ci.example.org) ![pic](https://p.png) "
                        "**[Paper](https://a.org/p \"t\")** see `https://b.org/x`.")
    links = item.links()
    assert [(link.url, link.image) for link in links] == [("https://ci.example.org", True), ("https://a.org/p", False)]
    assert [r.strong for r in item.runs if r.link] == [False, True]
    assert "`https://b.org/x`" in item.text  # code is code, not a link


def test_a_list_right_below_a_paragraph_belongs_to_it() -> None:
    items = read_items("📚 **Book** - authors\n- first point\n\nOther paragraph\n\n- not below it\n")
    assert [(i.kind, i.parent, i.opens_guide) for i in items] == [
        ("para", None, True), ("item", 0, False), ("para", None, False), ("item", None, False)]
