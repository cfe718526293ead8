"""The All-resources page: the table container of the contract, and what shows without script."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import markdown

from gpulist.site.all_resources import CONTAINER_ID, DATA_SRC, render_all_resources, without_script
from gpulist.site.reader import filter_fields
from gpulist.view import effort
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG, unsafe_markup


def page_html(view: SiteView) -> str:
    body = render_all_resources(view, CONFIG).split("\n---\n", 1)[1]
    return markdown.markdown(body, extensions=["attr_list", "tables"])


def container(view: SiteView) -> str:
    html = page_html(view)
    assert f'<div id="{CONTAINER_ID}" data-src="{DATA_SRC}" data-gpulist-effort-labels=' in html
    return html.split(f'id="{CONTAINER_ID}"', 1)[1].split("</div>")[0]


def attributes(html: str, marker: str) -> dict[str, str | None]:
    """The attributes of the one element carrying `marker`."""
    found: list[dict[str, str | None]] = []

    class Finder(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            if any(name == marker for name, _ in attrs):
                found.append(dict(attrs))

    Finder().feed(html)
    assert len(found) == 1
    return found[0]


def test_one_filter_form_with_the_tables_fields(view: SiteView) -> None:
    """The reader's fields, then a search box and menus of exactly the values the entries have."""
    fields = json.loads(attributes(page_html(view), "data-gpulist-filters-host")["data-gpulist-fields"] or "")
    assert [f[0] for f in fields] == ["type", "effort", "access", "tier", "text", "topic", "tag", "year"]
    assert fields[:4] == filter_fields()
    by_name = {f[0]: f for f in fields}
    assert by_name["text"] == ["text", "Search", [], "text"]
    resources = [e.resource for e in view.entries]
    assert by_name["topic"] == ["topic", "Topic", [[t.topic.id, t.topic.title] for t in view.topics], "select"]
    tags = by_name["tag"][2]
    assert {value for value, _ in tags} == {t for r in resources for t in r.tags}
    assert [title.casefold() for _, title in tags] == sorted(title.casefold() for _, title in tags)
    assert all(title == view.concept_titles[value] for value, title in tags)
    years = [int(value) for value, _ in by_name["year"][2]]
    assert years == sorted({r.year for r in resources if r.year}, reverse=True)
    assert by_name["tag"][1] == "Concept" and by_name["tag"][3] == by_name["year"][3] == "select"


def test_the_effort_column_uses_the_cards_labels(view: SiteView) -> None:
    labels = attributes(page_html(view), "data-gpulist-effort-labels")["data-gpulist-effort-labels"]
    assert json.loads(labels or "") == effort.LABELS


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
