"""A reading path's page and the index of paths on Start here and the home page."""

from __future__ import annotations

import dataclasses
import re

from gpulist.load import load_catalog
from gpulist.site.path_page import path_index, render_path
from gpulist.view.catalog import SiteView, build_view
from gpulist.view.links import SOURCE
from tests.site.conftest import CONFIG, FIXTURE


def test_steps_are_in_order_with_their_reasons(view: SiteView) -> None:
    first = view.paths[0]
    page = render_path(first, view, CONFIG)
    assert re.findall(r'<li data-gpulist-entry="([^"]+)"[^>]*>', page) == [
        "pmpp-book", "cuda-programming-guide", "flashattention-2", "vllm"]
    assert '<span class="gpulist-why">The execution model first.</span>' in page
    assert 'data-gpulist-ids="pmpp-book cuda-programming-guide flashattention-2 vllm"' in page
    assert 'href="../../topics/attention/#flashattention-2"' in page


def test_titles_and_reasons_are_escaped(view: SiteView) -> None:
    page = render_path(view.paths[1], view, CONFIG)
    assert "# Attention &lt;only&gt; &amp; more" in page
    assert "&lt;better&gt;" in page and "<better>" not in page


def test_the_index_links_each_path_from_where_it_is_shown(view: SiteView) -> None:
    assert 'href="paths/first-steps/"' in path_index(view, "index.md", CONFIG)
    assert 'href="../paths/first-steps/"' in path_index(view, "start-here.md", CONFIG)
    assert "· 4 steps" in path_index(view, "index.md", CONFIG)


def test_links_follow_the_engines_link_style(view: SiteView) -> None:
    """Zensical rewrites docs-relative links in raw HTML itself (gpulist.view.links)."""
    source = dataclasses.replace(CONFIG, link_style=SOURCE)
    assert 'href="../topics/attention/#flashattention-2"' in render_path(view.paths[0], view, source)
    assert 'href="../../topics/attention/#flashattention-2"' in render_path(view.paths[0], view, CONFIG)


def test_no_paths_no_index() -> None:
    catalog, _ = load_catalog(FIXTURE)
    catalog.paths = []
    assert path_index(build_view(catalog), "index.md", CONFIG) == ""

