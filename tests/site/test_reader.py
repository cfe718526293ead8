"""The hooks the reader's scripts read: entry ids, filter data, embedded citations, progress figures,
the filter form's host and the "Continue" / "Ready for you" placeholders."""

from __future__ import annotations

import datetime as dt
import json
from html.parser import HTMLParser

from gpulist.models import ACCESSES, EFFORTS, RESOURCE_TYPES, Resource
from gpulist.site.reader import cite, entry_hooks, entry_id, filters, know, next_steps, progress, progress_tools
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


def _text(html: str) -> str:
    parts: list[str] = []

    class Collect(HTMLParser):
        def handle_data(self, data: str) -> None:
            parts.append(data)

    Collect(convert_charrefs=True).feed(html)
    return "".join(parts)


def test_a_paper_folds_out_its_exact_record_outside_the_entry() -> None:
    r = _resource(title='Quote " and <tag> & {brace} \n newline', authors=['O"Brien <x>'])
    html = cite(r)
    assert "\n" not in html, "a raw HTML block must stay on one line"
    # A bare <pre>: the themes make every `pre > code` a code block as the page loads.
    assert [tag for tag, _ in _attrs(html)] == ["details", "summary", "pre"]
    details = _attrs(html)[0][1]
    assert "data-gpulist-cite" in details and "data-search-exclude" in details and "data-gpulist-entry" not in details
    assert _text(html) == "Cite" + render_record(r)


def test_only_papers_and_books_are_cited() -> None:
    assert cite(_resource(type="book")) and cite(_resource(type="paper"))
    assert cite(_resource(type="blog")) == cite(_resource(type="code")) == ""


def test_cards_and_path_steps_carry_the_id_then_the_filter_data() -> None:
    assert entry_id(_resource(type="blog")) == ' data-gpulist-entry="x"'
    paper = _resource(type="paper", tier=2, effort="hour", access="paywall")
    assert entry_hooks(paper) == (' data-gpulist-entry="x" data-gpulist-type="paper" data-gpulist-effort="hour"'
                                  ' data-gpulist-access="paywall" data-gpulist-tier="2"')


def test_an_entry_without_effort_or_tier_leaves_those_attributes_out() -> None:
    [(_, attrs)] = _attrs(f"<li{entry_hooks(_resource(type='community', topic='big-picture', group='c'))}>")
    assert attrs == {"data-gpulist-entry": "x", "data-gpulist-type": "community", "data-gpulist-access": "free"}


def test_the_filter_host_offers_exactly_the_models_values() -> None:
    [(tag, attrs)] = _attrs(filters())
    assert tag == "div" and "data-gpulist-filters-host" in attrs
    fields = {name: [value for value, _ in options] for name, _, options in json.loads(attrs["data-gpulist-fields"] or "")}
    assert fields == {"type": list(RESOURCE_TYPES), "effort": list(EFFORTS), "access": list(ACCESSES),
                      "tier": ["1", "2", "3"]}


def test_the_next_steps_wait_hidden_for_the_script() -> None:
    found = _attrs(next_steps())
    assert [tag for tag, _ in found] == ["div", "section", "section"]
    assert "hidden" in found[0][1] and "data-gpulist-next" in found[0][1]
    assert "data-gpulist-continue" in found[1][1] and "data-gpulist-ready" in found[2][1]


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


def test_every_listing_line_of_a_filtered_page_is_a_filter_item(view: SiteView) -> None:
    from gpulist.site.concept_page import render_concept
    from gpulist.site.recent import render_recent
    from tests.site.conftest import CONFIG

    cuda = view.concept_by_id["cuda"]
    for page in (render_recent(view, CONFIG), render_concept(cuda, view, CONFIG)):
        assert "data-gpulist-filters-host" in page
        listings = "".join(part.split("</ul>")[0] for part in page.split('<ul class="gpulist-list">')[1:])
        lines = [a for tag, a in _attrs(listings) if tag == "li"]
        assert lines and all("data-gpulist-type" in a and "data-gpulist-entry" in a for a in lines)


def test_start_here_marks_its_first_reads_but_has_no_filters(view: SiteView) -> None:
    """Start here lists a few first reads, each with its control; nothing to filter there."""
    from gpulist.site.start_here import render_start_here
    from tests.site.conftest import CONFIG

    page = render_start_here(view, CONFIG)
    assert "data-gpulist-filters-host" not in page
    assert "data-gpulist-next" not in page and "data-gpulist-progress-tools" not in page  # the home page's blocks
    assert [a["data-gpulist-entry"] for tag, a in _attrs(page) if tag == "li" and "data-gpulist-entry" in a]


def test_a_path_figure_counts_every_step_and_says_the_count_in_words() -> None:
    [_, (_, figure), (_, words)] = _attrs(progress(["a", "b"], whole=True, tally=True))
    assert "data-gpulist-whole" in figure and figure["data-gpulist-ids"] == words["data-gpulist-ids"] == "a b"
    assert "data-gpulist-tally" in words
    [_, (_, plain)] = _attrs(progress(["a"]))
    assert "data-gpulist-whole" not in plain


def test_the_know_control_waits_hidden_for_the_script_its_label_escaped() -> None:
    [(tag, attrs)] = _attrs(know("kv-cache", "I <know> & this"))
    assert (tag, attrs["data-gpulist-know"], attrs["type"]) == ("button", "kv-cache", "button") and "hidden" in attrs
    assert _text(know("kv-cache", "I <know> & this")) == "I <know> & this"
