"""Links between generated pages, and entry permalinks."""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.site.links import entry_page, rel_link, site_path


def test_rel_link() -> None:
    assert rel_link("tags/cuda.md", "topics/attention.md#flashattention-2") == "../topics/attention.md#flashattention-2"
    assert rel_link("index.md", "topics/attention.md#x") == "topics/attention.md#x"
    assert rel_link("topics/a.md", "tags/b.md") == "../tags/b.md"


def test_site_path_is_the_permalink(catalog: Catalog) -> None:
    entry = next(e for e in catalog.entries if e.resource.id == "flashattention-2")
    assert site_path(entry.resource) == "topics/attention/#flashattention-2"


def test_entry_page(catalog: Catalog) -> None:
    assert {entry_page(e.resource) for e in catalog.entries} == {
        "topics/fundamentals.md", "topics/attention.md", "topics/big-picture.md"}
