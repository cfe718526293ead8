"""Ids, placeholders and cleaning for new entries."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks.placeholder_title import placeholder_title
from gpulist.contribute.entry import derive_id, free_id, ordered, safe_text


@pytest.mark.parametrize(("title", "expected"), [
    ("FlashAttention-2: Faster Attention with Better Parallelism", "flashattention-2"),
    ("How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance", "how-to-optimize-a-cuda-matmul"),
    ("A: long story", "a-long-story"),
    ("日本語", "resource"),
])
def test_derive_id(title: str, expected: str) -> None:
    assert derive_id(title) == expected


def test_free_id_skips_taken_names(tmp_path: Path) -> None:
    (tmp_path / "x.yml").write_text("")
    assert free_id("x", tmp_path, {"x-2"}) == "x-3"


def test_placeholders() -> None:
    assert placeholder_title("https://arxiv.org/pdf/2307.08691v2") == "arXiv:2307.08691"
    assert placeholder_title("https://www.example.org/blog/post/") == "example.org/blog/post"


def test_safe_text_strips_html() -> None:
    assert safe_text("  Fast <em>kernels</em>\n now ") == "Fast kernels now"
    assert safe_text("[x](javascript:alert(1))") is None


def test_ordered_drops_empties_but_keeps_url() -> None:
    assert list(ordered({"notes": [], "url": None, "title": "T", "tags": ["a"]})) == ["title", "url", "tags"]
