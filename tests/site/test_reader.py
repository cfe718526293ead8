"""The hooks reader.js reads: entry ids, embedded citations, progress figures."""

from __future__ import annotations

import datetime as dt
from html.parser import HTMLParser

from gpulist.models import Resource
from gpulist.site.reader import entry_attrs, entry_id, progress, progress_tools
from gpulist.view.catalog import SiteView
from gpulist.view.citation import render_record


def _attrs(html: str) -> list[tuple[str, dict[str, str | None]]]:
    found: list[tuple[str, dict[str, str | None]]] = []

    class Collect(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.append((tag, dict(attrs)))

    Collect(convert_charrefs=True).feed(html)
    return found


def _resource(**fields: object) -> Resource:
    base = {"id": "x", "title": "T", "url": "https://example.org/x", "type": "paper", "topic": "attention",
            "added": dt.date(2025, 1, 1)}
    return Resource.model_validate({**base, **fields})


def test_a_paper_carries_its_id_and_its_exact_record() -> None:
    r = _resource(title='Quote " and <tag> & {brace} \n newline', authors=['O"Brien <x>'])
    html = f"<p{entry_attrs(r)}>meta</p>"
    assert "\n" not in html, "a raw HTML block must stay on one line"
    [(tag, attrs)] = _attrs(html)
    assert (tag, attrs["data-gpulist-entry"]) == ("p", "x")
    assert attrs["data-gpulist-bib"] == render_record(r)


def test_only_papers_and_books_are_cited() -> None:
    assert "data-gpulist-bib" in entry_attrs(_resource(type="book"))
    assert "data-gpulist-bib" not in entry_attrs(_resource(type="blog"))
    assert entry_attrs(_resource(type="code")) == ' data-gpulist-entry="x"'


def test_the_id_attribute_is_the_one_cards_and_path_steps_carry() -> None:
    assert entry_id(_resource(type="blog")) == ' data-gpulist-entry="x"'
    assert entry_attrs(_resource(type="paper")).startswith(entry_id(_resource(type="paper")) + " data-gpulist-bib=")


def test_progress_counts_given_ids_or_the_page() -> None:
    [(_, line), (_, figure)] = _attrs(progress(["a", "b-c"]))
    assert "hidden" in line and figure["data-gpulist-ids"] == "a b-c" and "data-gpulist-progress" in figure
    [_, (_, figure)] = _attrs(progress())
    assert "data-gpulist-ids" not in figure
    [(_, tools)] = _attrs(progress_tools())
    assert "data-gpulist-progress-tools" in tools


def test_every_card_of_a_topic_page_is_a_toggle_host(view: SiteView) -> None:
    from gpulist.site.topic_page import render_topic
    from tests.site.conftest import CONFIG

    for topic in view.topics:
        hosts = [a["data-gpulist-entry"] for _, a in _attrs(render_topic(topic, view, CONFIG))
                 if "data-gpulist-entry" in a]
        assert hosts == [e.resource.id for s in topic.sections for e in s.entries]
