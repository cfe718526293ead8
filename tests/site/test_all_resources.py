"""The All-resources page: the table container of the contract, and a fallback of every entry."""

from __future__ import annotations

import re

import markdown

from gpulist.site.all_resources import CONTAINER_ID, DATA_SRC, fallback_table, render_all_resources
from gpulist.site.links import site_path
from gpulist.site.view import SiteView

from tests.site.conftest import unsafe_markup


def test_container_and_fallback_table(view: SiteView) -> None:
    text = render_all_resources(view)
    body = text.split("\n---\n", 1)[1]
    html = markdown.markdown(body, extensions=["attr_list", "md_in_html", "tables"])
    assert f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}">' in html
    inside = html.split(f'id="{CONTAINER_ID}"', 1)[1].split("</div>")[0]
    assert inside.count("<tr>") == len(view.entries) + 1
    assert '<a href="../topics/attention/#flashattention-2">' in inside
    assert "Tiles &amp; Warps: a *tricky* [title] {#x} | pipes_and_underscores #1</a>" in inside


def test_fallback_links_are_entry_permalinks(view: SiteView) -> None:
    hrefs = re.findall(r'<a href="\.\./([^"]+)">', fallback_table(view))
    assert hrefs == [site_path(e.resource) for e in view.entries]


def test_fallback_escapes_titles(view: SiteView) -> None:
    assert unsafe_markup(fallback_table(view)) == [] and "<title>" not in fallback_table(view)


def test_front_matter_excludes_search(view: SiteView) -> None:
    assert "search:\n  exclude: true" in render_all_resources(view).split("\n---\n", 1)[0]
