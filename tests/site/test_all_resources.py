"""The All-resources page: the table container of the contract, and what shows without script."""

from __future__ import annotations

import markdown

from gpulist.site.all_resources import CONTAINER_ID, DATA_SRC, render_all_resources, without_script
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG, unsafe_markup


def container(view: SiteView) -> str:
    body = render_all_resources(view, CONFIG).split("\n---\n", 1)[1]
    html = markdown.markdown(body, extensions=["attr_list", "tables"])
    assert f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}">' in html
    return html.split(f'id="{CONTAINER_ID}"', 1)[1].split("</div>")[0]


def test_the_container_holds_no_entries_but_points_to_every_topic(view: SiteView) -> None:
    inside = container(view)
    assert "#flashattention-2" not in inside and "<table" not in inside
    for t in view.topics:
        assert f'<a href="../topics/{t.topic.id}/">' in inside
    assert f'<a href="{DATA_SRC}">resources.json</a>' in inside
    assert f"The table of {len(view.entries)} entries needs JavaScript" in inside


def test_topic_titles_are_escaped(view: SiteView) -> None:
    text = without_script(view, CONFIG)
    assert unsafe_markup(text) == [] and "Attention &amp; Memory-Bound Kernels" in text


def test_front_matter_excludes_search(view: SiteView) -> None:
    assert "search:\n  exclude: true" in render_all_resources(view, CONFIG).split("\n---\n", 1)[0]
