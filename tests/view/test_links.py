"""Links between generated pages, and entry permalinks."""

from __future__ import annotations

from gpulist.load import Catalog
from gpulist.view.links import SOURCE, built_url, entry_href, entry_page, href, rel_link, site_path


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


def test_built_url_uses_directory_urls() -> None:
    assert [built_url(p) for p in ("index.md", "tags/index.md", "tags/cuda.md", "recent.md")] == \
        ["", "tags/", "tags/cuda/", "recent/"]


def test_href_is_relative_to_where_the_page_is_served() -> None:
    assert href("tags/cuda.md", "topics/attention.md#flashattention-2") == "../../topics/attention/#flashattention-2"
    assert href("index.md", "topics/attention.md#x") == "topics/attention/#x"
    assert href("tags/index.md", "tags/cuda.md") == "../tags/cuda/"
    assert href("tags/cuda.md", "index.md") == "../../"
    assert href("index.md", "index.md") == "./"
    assert href("topics/a.md", "#tier_1") == "#tier_1"


def test_href_in_source_style_is_relative_to_the_source_folder() -> None:
    """Zensical rewrites raw HTML links from the .md file's folder to the built page's."""
    assert href("tags/cuda.md", "topics/attention.md#flashattention-2", SOURCE) == "../topics/attention/#flashattention-2"
    assert href("index.md", "tags/cuda.md", SOURCE) == "tags/cuda/"
    assert href("topics/a.md", "topics/b.md#x", SOURCE) == "b/#x"
    assert href("tags/cuda.md", "index.md", SOURCE) == "../"
    assert href("index.md", "index.md", SOURCE) == "./"
    assert href("all-resources.md", "resources.json", SOURCE) == "resources.json"
    assert href("topics/a.md", "#tier_1", SOURCE) == "#tier_1"


def test_href_to_a_file_is_its_path_from_where_the_page_is_served() -> None:
    assert href("all-resources.md", "resources.json") == "../resources.json"
    assert href("index.md", "feed.xml") == "feed.xml"


def test_entry_href(catalog: Catalog) -> None:
    entry = next(e for e in catalog.entries if e.resource.id == "flashattention-2")
    assert entry_href("tags/cuda.md", entry.resource) == "../../topics/attention/#flashattention-2"
    assert entry_href("tags/cuda.md", entry.resource, SOURCE) == "../topics/attention/#flashattention-2"
