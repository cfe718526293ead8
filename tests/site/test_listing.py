"""One-line entries for listings: a link to the card, badges, year and (optionally) topic."""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.site.listing import entry_line, entry_list
from gpulist.site.view import SiteView


def entry(catalog: Catalog, entry_id: str):
    return next(e for e in catalog.entries if e.resource.id == entry_id)


def test_entry_line(catalog: Catalog, view: SiteView) -> None:
    line = entry_line(entry(catalog, "flashattention-3"), view, "tags/fp8.md", topic=True)
    assert line == ("- 📄 [FlashAttention-3: Fast and Accurate Attention with Asynchrony and Low-precision]"
                    "(../topics/attention.md#flashattention-3) ✨ — 2024, Attention &amp; Memory-Bound Kernels")
    assert entry_line(entry(catalog, "semianalysis"), view, "index.md") == \
        "- 📝 [SemiAnalysis](topics/big-picture.md#semianalysis)"


def test_empty_list(view: SiteView) -> None:
    assert entry_list([], view, "index.md") == "*None yet.*\n"
