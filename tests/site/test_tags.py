"""Concept pages list entries across topics, linked to their anchors; the index counts them."""

from __future__ import annotations

import re

from gpulist.site.tags import render_tag, render_tag_index
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_tag_page_links_each_entry_to_its_card(view: SiteView) -> None:
    cuda = next(t for t in view.concepts if t.id == "cuda")
    text = render_tag(cuda, view, CONFIG)
    links = re.findall(r'href="(\.\./\.\./topics/[a-z-]+/#[a-z0-9-]+)"', text)
    assert links == ["../../topics/fundamentals/#pmpp-book", "../../topics/fundamentals/#cuda-programming-guide",
                     "../../topics/fundamentals/#ptx-isa", "../../topics/attention/#flashattention-2"]
    assert text.index("## Fundamentals") < text.index("## Attention")
    assert "Also known as: cuda-c++" in text


def test_unused_tag_page_says_so(view: SiteView) -> None:
    unused = next(t for t in view.concepts if t.id == "unused")
    assert "0 entries" in render_tag(unused, view, CONFIG) and "*None yet.*" not in render_tag(unused, view, CONFIG)


def test_index_counts(view: SiteView) -> None:
    rows = dict(re.findall(r"^\| \[(.+?)\]\([a-z0-9-]+\.md\) \| (\d+) \|", render_tag_index(view), re.MULTILINE))
    assert rows == {"Attention": "2", "CUDA": "4", "FP8": "2", "KV cache": "2", "Unused tag": "0"}
