"""The README export: the guide's format, with contents links GitHub resolves."""

from __future__ import annotations

import re
from pathlib import Path

from gpulist.export.readme import TITLE, github_slug, render_readme
from gpulist.view.catalog import build_view

from tests.site.conftest import PROVENANCE_MARKER, fixture_with_unreviewed, load_fixture


def test_github_slugs() -> None:
    assert github_slug("1. Fundamentals") == "1-fundamentals"
    assert github_slug("4. Attention & Memory-Bound Kernels") == "4-attention--memory-bound-kernels"
    assert github_slug("2. Matrix Multiplication (The Gateway)") == "2-matrix-multiplication-the-gateway"


def test_contents_link_to_the_topic_headings() -> None:
    text = render_readme(build_view(load_fixture()))
    assert text.startswith(f"# {TITLE}\n")
    headings = re.findall(r"^## (\d+\. .+)$", text, re.MULTILINE)
    links = re.findall(r"^\d+\. \[.+\]\(#([^)]+)\)", text, re.MULTILINE)
    import html
    assert links == [github_slug(html.unescape(h).replace("\\", "")) for h in headings]


def test_sections_tiers_legend_and_badges() -> None:
    text = render_readme(build_view(load_fixture()))
    assert "**Legend:** 📄 paper" in text and "✨ new" in text and "🔥 community favourite" in text
    assert "### Tier 1: FlashAttention" in text and "### Communities" in text
    assert "### Tier 2: Architecture Deep Dives" not in text  # empty tiers are left out
    assert "- 📄 **[FlashAttention-2: Faster Attention" in text
    assert re.search(r"FlashAttention-2.*\(2023\) · ≈ 3 h 🔥$", text, re.MULTILINE)
    assert "**GPU MODE** (link wanted)" in text


def test_an_unreviewed_entry_shows_its_marks_and_never_its_provenance(tmp_path: Path) -> None:
    text = render_readme(build_view(fixture_with_unreviewed(tmp_path)))
    line = next(x for x in text.splitlines() if "PyTorch源码解析" in x)
    assert "** · ≈ 1 h · in Chinese · not yet reviewed" in line
    assert PROVENANCE_MARKER not in text
