"""Golden files for every generated page of the fixture catalog, plus the site's shape."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gpulist.load import Catalog
from gpulist.publish.render import render_site
from gpulist.view.config import SiteConfig

from tests.site.conftest import CONFIG, FIXTURE, GOLDEN, check_golden, load_fixture

PAGES = render_site(load_fixture(), CONFIG).pages


def golden_name(page: str) -> str:
    return page.replace("/", "__")


@pytest.mark.parametrize("page", sorted(PAGES))
def test_page_matches_golden(page: str) -> None:
    check_golden(golden_name(page), PAGES[page])


def test_no_golden_file_without_a_page() -> None:
    expected = {golden_name(p) for p in PAGES} | {"README.md"}
    assert {p.name for p in GOLDEN.iterdir()} <= expected


def test_site_has_every_page(catalog: Catalog, config: SiteConfig) -> None:
    site = render_site(catalog, config)
    topic_pages = [f"topics/{t.id}.md" for t in catalog.topics]
    concept_pages = [f"concepts/{c.id}/index.md" for c in catalog.concepts]
    for page in ["index.md", "start-here.md", "all-resources.md", "recent.md", "concepts/index.md",
                 "topics/index.md", "paths/index.md", "resources.json", "concepts.json", "feed.xml", "llms.txt",
                 *topic_pages, *concept_pages]:
        assert page in site.pages
    assert not any(page.startswith("tags/") for page in site.pages)
    assert not any(page.endswith(".md") and "README" in page for page in site.pages)
    redirects = [f"tags/{c.id}/index.html" for c in catalog.concepts] + ["tags/index.html"]
    assert list(site.exports) == ["README.md", "gpulist.bib", "gpulist.apkg", "gpulist-anki.txt", *redirects]
    assert isinstance(site.exports["README.md"], str) and site.exports["README.md"].startswith("# ")
    assert isinstance(site.exports["gpulist.apkg"], bytes) and site.exports["gpulist-anki.txt"].startswith("#separator:tab\n")
    assert site.exports["gpulist.bib"].count("\n@") == len(catalog.entries)
    assert [p for p in site.pages if p.startswith("paths/")] == [
        "paths/index.md", *(f"paths/{p.id}.md" for p in catalog.paths)]


def test_without_a_book_index_the_concepts_have_no_book_sections(catalog: Catalog, config: SiteConfig) -> None:
    without = Catalog(root=catalog.root, topics=catalog.topics, concepts=catalog.concepts, entries=catalog.entries)
    site = render_site(without, config)
    assert "concepts/index.md" in site.pages and "concepts/index.md" in str(site.nav)
    assert "The book's index" not in site.pages["concepts/index.md"]
    assert not any("## In the book" in site.pages[f"concepts/{c.id}/index.md"] for c in catalog.concepts)
    assert "## In the book" in PAGES["concepts/kv-cache/index.md"]


def test_nav_follows_the_guide_order(catalog: Catalog, config: SiteConfig) -> None:
    nav = render_site(catalog, config).nav
    topics = next(item["Topics"] for item in nav if "Topics" in item)
    assert [list(t.values())[0] for t in topics] == ["topics/fundamentals.md", "topics/attention.md",
                                                     "topics/big-picture.md"]


@pytest.mark.parametrize("page,excluded", [
    ("start-here.md", True), ("all-resources.md", True), ("concepts/cuda/index.md", False), ("recent.md", True),
    ("index.md", True), ("topics/attention.md", False), ("concepts/index.md", True), ("paths/first-steps.md", True),
])
def test_search_exclusion_front_matter(page: str, excluded: bool) -> None:
    head = PAGES[page].split("\n---\n", 1)[0]
    assert ("search:\n  exclude: true" in head) is excluded


def test_start_here_is_named_once_and_the_paths_have_their_section(catalog: Catalog, config: SiteConfig) -> None:
    nav = render_site(catalog, config).nav
    assert [item for item in nav if "Start here" in item] == [{"Start here": "start-here.md"}]
    assert "Start here" not in str([v for item in nav for k, v in item.items() if k != "Start here"])
    paths = next(item["Reading paths"] for item in nav if "Reading paths" in item)
    assert paths == [{"All reading paths": "paths/index.md"}, {"First steps": "paths/first-steps.md"},
                     {"Attention <only> & more": "paths/attention-only.md"}]


def test_rendering_is_deterministic(catalog: Catalog, config: SiteConfig) -> None:
    assert render_site(catalog, config).pages == PAGES


def test_a_forked_render_gives_the_same_site(catalog: Catalog, config: SiteConfig,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from gpulist import parallel

    serial = render_site(catalog, config)
    monkeypatch.setattr(parallel, "worker_count", lambda items, minimum: 2)
    forked = render_site(catalog, config)
    assert forked.pages == serial.pages and forked.exports == serial.exports and forked.nav == serial.nav


def _rendered_with_references(tmp_path: Path, bandwidth: str) -> dict[str, str]:
    """The site fixture with the H100's bandwidth cited in a definition, a check answer and a note,
    rendered with the row's figure set to `bandwidth`: every page and export, as text."""
    root = tmp_path / bandwidth / "data"
    shutil.copytree(FIXTURE, root)
    ref = "{{gpu.h100-sxm.memory_bandwidth_gbs}}"
    edits = {"concepts.yml": [("    dot products. Computed naively", f"    dot products (HBM: {ref}). Computed naively"),
                              ("      not the arithmetic, bounds the kernel,", f"      not the arithmetic ({ref}), bounds it,")],
             "resources/flashattention-3.yml": [("warp specialization**", f"warp specialization** at {ref}")],
             "gpus.yml": [("memory_bandwidth_gbs: 3350", f"memory_bandwidth_gbs: {bandwidth}")]}
    for name, pairs in edits.items():
        text = (root / name).read_text(encoding="utf-8")
        for old, new in pairs:
            assert text.count(old) == 1, (name, old)
            text = text.replace(old, new)
        (root / name).write_text(text, encoding="utf-8")
    site = render_site(load_fixture(root), CONFIG)
    files = {**site.pages, **site.exports}
    return {path: body for path, body in files.items() if isinstance(body, str)}


def test_a_changed_gpu_figure_changes_every_page_that_cites_it(tmp_path: Path) -> None:
    # Two figures no record's finding quotes (a record keeps the 3,350 it was measured against).
    before = _rendered_with_references(tmp_path, "3351")
    after = _rendered_with_references(tmp_path, "3362")
    citing = {path for path, body in before.items() if "3,351 GB/s" in body}
    assert {path for path, body in after.items() if "3,362 GB/s" in body} == citing
    assert not [path for path, body in after.items() if "3,351 GB/s" in body]
    # the concept page (definition, check answer), the note's topic page, the Review data and the Anki deck,
    # the search index, the JSON and README exports, the feed
    assert {"concepts/attention/index.md", "topics/attention.md", "review-data.json", "gpulist-anki.txt",
            "search-index.json", "concepts.json", "resources.json", "README.md", "feed.xml"} <= citing, sorted(citing)
    assert not [path for path, body in after.items() if "{{gpu." in body]
