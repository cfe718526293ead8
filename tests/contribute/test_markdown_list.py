"""Items of a Markdown list, with line numbers, headings and links."""

from __future__ import annotations

from gpulist.contribute.markdown_list import find_links, read_items

LIST = """---
title: front matter https://example.org/front
---
# Top
Intro prose.

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
    assert [(i.line, i.kind) for i in items] == [(5, "para"), (8, "bullet"), (10, "bullet"), (20, "row")]
    assert items[1].text == "[One](https://example.org/1) - first wrapped description"
    assert items[1].headings == ("Top", "Section")
    assert [link.text for link in items[2].links()] == ["Two wrapped"]
    assert items[3].cells == ["Three", "<https://example.org/3>"]


def test_find_links_skips_images_and_badges_and_finds_bare_urls() -> None:
    text = "[![CI](https://img.shields.io/x.svg)](https://ci) [Paper](https://a.org/p \"t\") see https://b.org/x."
    assert [(link.text, link.url) for link in find_links(text)] == [("Paper", "https://a.org/p"), ("", "https://b.org/x")]


def test_nested_brackets_in_link_text() -> None:
    assert find_links("[Paper [PDF]](https://a.org/p)")[0].text == "Paper [PDF]"
