"""The All-resources page: the table container of the contract, and a fallback of every entry."""

from __future__ import annotations

import markdown

from gpulist.site.all_resources import CONTAINER_ID, DATA_SRC, render_all_resources
from gpulist.site.view import SiteView


def test_container_and_fallback_table(view: SiteView) -> None:
    text = render_all_resources(view)
    body = text.split("\n---\n", 1)[1]
    html = markdown.markdown(body, extensions=["attr_list", "md_in_html", "tables"])
    assert f'<div data-src="{DATA_SRC}" id="{CONTAINER_ID}">' in html or \
        f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}">' in html
    inside = html.split(f'id="{CONTAINER_ID}"', 1)[1].split("</div>")[0]
    assert inside.count("<tr>") == len(view.entries) + 1
    assert '<a href="topics/attention.md#flashattention-2">' in inside


def test_front_matter_excludes_search(view: SiteView) -> None:
    assert "search:\n  exclude: true" in render_all_resources(view).split("\n---\n", 1)[0]
