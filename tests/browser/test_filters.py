"""Filters on the listing pages (the reader's form[data-gpulist-filters]), in Chromium, both engines.

What should show is computed from the built resources.json and the marks the test made, and
compared with what the page shows: cards (every element of one, from its H3 to the next
heading, which the script wraps in one element) and listing lines get the hidden attribute,
never removed, so a page without JavaScript shows all.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.filter_kit import (CLEAR, COUNT, EMPTY, FORM, LISTING_PAGES, choose, counts, on_page, option_counts,
                                     shown, wanted)
from tests.browser.reader_kit import BOUND, open_bound, set_status

def test_every_field_filters_the_recent_page_and_lives_in_the_address(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/"))
    set_status(page, "flashattention-2", "read")
    set_status(page, "vllm", "skipped")
    marks = {"flashattention-2": "read", "vllm": "skipped"}
    open_bound(page, site.url("recent/"))
    everything = on_page(page)
    assert len(everything) == len(site.resources)
    expect(page.locator(COUNT)).to_have_text(f"Showing all {len(everything)} entries.")
    steps: list[tuple[str, list[str]]] = [("status", ["unread", "read"]), ("type", ["paper", "book", "docs", "blog"]),
                                          ("effort", ["afternoon", "weeks", "quick"]), ("access", ["free", "paywall"]),
                                          ("tier", ["1"])]
    query: dict[str, list[str]] = {}
    for field, values in steps:
        choose(page, field, *values)
        query[field] = values
        expected = wanted(site, everything, query, marks)
        assert shown(page) == expected, f"after {field}={values}"
        expect(page.locator(COUNT)).to_have_text(
            f"Showing {len(expected)} of {len(everything)} entries.")
    final = wanted(site, everything, query, marks)
    assert final == ["flashattention-3", "flashattention-2"], "the fixture keeps two entries through all five"
    # Each field's values in the form's order, commas unescaped; the address follows after a paint.
    expect(page).to_have_url(at(site.url("recent/?status=unread,read&type=paper,blog,book,docs"
                                         "&effort=quick,afternoon,weeks&access=free,paywall&tier=1")))

    page.reload()
    page.wait_for_function(BOUND)
    assert shown(page) == final
    assert page.locator(f"{FORM} input:checked").count() == sum(len(v) for v in query.values())
    expect(page.locator(f"{FORM} details")).to_have_attribute("open", "")
    page.locator(CLEAR).click()
    assert shown(page) == everything
    expect(page).to_have_url(at(site.url("recent/")))
    assert tab.offsite == []


def test_a_topic_page_hides_whole_cards_and_counts_each_tier(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/?type=paper,code"))
    attention = [r for r in site.resources if r["topic"] == "attention"]
    hidden = [r["id"] for r in attention if r["type"] not in ("paper", "code")]
    assert hidden and len(hidden) < len(attention)
    for entry in hidden:
        # The card, in one element with the hidden attribute: its H3, meta line, notes and chips.
        card = page.locator(f".gpulist-card:has(> h3#{entry})")
        expect(card).to_have_attribute("hidden", "")
        parts = card.locator(":scope > *")
        assert parts.count() >= 3 and parts.first.evaluate("h => h.tagName") == "H3"
        for part in parts.all():
            expect(part).to_be_hidden()
    for entry in (r["id"] for r in attention if r["id"] not in hidden):
        expect(page.locator(f"h3#{entry}")).to_be_visible()
    for section in ("tier_1", "tier_2", "tier_3"):
        total = sum(1 for r in attention if r["section"] == section)
        kept = sum(1 for r in attention if r["section"] == section and r["id"] not in hidden)
        expect(page.locator(f"h2#{section} [data-gpulist-section-count]")).to_have_text(f" · {kept} of {total} shown")
    set_status(page, "flashattention-2", "read")
    choose(page, "status", "unread")
    expect(page.locator("h3#flashattention-2")).to_be_hidden()
    expect(page.locator("h2#tier_1 [data-gpulist-section-count]")).to_have_text(" · 1 of 2 shown")
    set_status(page, "flashattention-3", "read")  # a mark made under a status filter hides its card at once
    expect(page.locator("h3#flashattention-3")).to_be_hidden()
    assert tab.offsite == []


@pytest.mark.parametrize("path", LISTING_PAGES)
def test_the_address_restores_filters_in_a_fresh_browser(browser: Browser, site: Site, path: str) -> None:
    query = {"type": ["paper", "code"], "tier": ["1", "2"]}
    opened = open_tab(browser)
    try:
        page = opened.page
        open_bound(page, site.url(path + "?type=paper,code&tier=1,2&h=kept"))
        expect(page.locator(FORM)).to_have_count(1)
        assert sorted(page.locator(f"{FORM} input:checked").evaluate_all("bs => bs.map(b => b.name + '=' + b.value)")) == [
            "tier=1", "tier=2", "type=code", "type=paper"]
        if path == "all-resources/":
            page.wait_for_selector("#gpulist-table[data-ready=true]")
            rows = page.locator("#gpulist-table tbody a").evaluate_all("as => as.map(a => a.href.split('#')[1])")
            assert rows == wanted(site, [r["id"] for r in site.resources], query, {})
        else:
            assert shown(page) == wanted(site, on_page(page), query, {})
            assert len(shown(page)) < len(on_page(page))
        assert "h=kept" in page.url, "the page's other parameters are kept"
        assert opened.offsite == [] and opened.errors == []
    finally:
        opened.page.context.close()


def test_the_table_applies_the_reader_filters_and_one_clear_resets_all(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/"))
    set_status(page, "flashattention-2", "read")
    open_bound(page, site.url("all-resources/?status=read"))
    page.wait_for_selector("#gpulist-table[data-ready=true]")
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(1)
    choose(page, "status", "unread")
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(len(site.resources))
    page.locator(f"{FORM} input[name=status][value=read]").uncheck()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(len(site.resources) - 1)
    page.locator(CLEAR).click()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(len(site.resources))
    assert page.locator(f"{FORM} input:checked").count() == 0
    expect(page).to_have_url(at(site.url("all-resources/")))
    assert tab.offsite == []


BAD_QUERY = ("?effort=forever,quick&status=%3Cscript%3Ealert(1)%3C/script%3E&tier=javascript:alert(1)"
             "&colour=red&type=%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E")


def test_unknown_fields_and_values_in_the_address_are_named_and_ignored(tab: Tab, site: Site) -> None:
    page = tab.page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    open_bound(page, site.url("recent/" + BAD_QUERY))
    assert shown(page) == wanted(site, on_page(page), {"effort": ["quick"]}, {})
    note = page.locator(".gpulist-filter-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("effort=forever")
    expect(note).to_contain_text("status=<script>")
    assert page.locator("article img, article script").count() == 0
    assert dialogs == [] and tab.errors == []
    assert "colour=red" in page.url


def test_filters_start_after_instant_navigation(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url())
    mark_document(page)
    page.locator(".grid.cards a[href$='/topics/attention/']").first.click()
    page.wait_for_url(at(site.url("topics/attention/")))
    page.wait_for_selector(FORM)
    choose(page, "tier", "2")
    assert shown(page) == ["vllm"]
    assert same_document(page), "navigation reloaded the page"
    assert tab.offsite == []


@pytest.mark.parametrize("path", LISTING_PAGES)
def test_without_javascript_there_is_no_form_and_every_entry_shows(browser: Browser, site: Site, path: str) -> None:
    opened = open_tab(browser, java_script_enabled=False)
    try:
        page = opened.page
        page.goto(site.url(path + "?status=read&type=video"))
        # No filter form, no status control, no counts (a calculator's own form is not a filter).
        assert page.locator("form[data-gpulist-filters], select[data-gpulist-status], "
                            "[data-gpulist-section-count]").count() == 0
        hosts = page.locator("article [data-gpulist-type]")
        for host in hosts.all():
            expect(host).to_be_visible()
        if path == "topics/attention/":
            assert hosts.count() == sum(1 for r in site.resources if r["topic"] == "attention")
        assert "Filter entries" not in page.locator("article").inner_text()
        assert opened.offsite == []
    finally:
        opened.page.context.close()


def rows_or_cards(page: Page, path: str) -> list[str]:
    """What the page shows: the table's rows on All resources (every one listed: the fixture is
    short), the visible cards and lines elsewhere."""
    if path == "all-resources/":
        return page.locator("#gpulist-table tbody a").evaluate_all("as => as.map(a => a.href.split('#')[1])")
    return shown(page)


def open_listing(page: Page, site: Site, path: str) -> list[str]:
    """Opens a listing page bound (and its table ready); returns the entry ids it lists."""
    open_bound(page, site.url(path))
    if path.startswith("all-resources/"):
        page.wait_for_selector("#gpulist-table[data-ready=true]")
        return [r["id"] for r in site.resources]
    return on_page(page)


@pytest.mark.parametrize("path", LISTING_PAGES)
def test_each_option_shows_how_many_entries_it_would_leave(tab: Tab, site: Site, path: str) -> None:
    page = tab.page
    ids = open_listing(page, site, path)
    fields = ["status", "type", "effort", "access", "tier"]
    for field in fields:
        assert option_counts(page, field) == {o: counts(site, ids, {}, field, {}).get(o, 0) for o in option_counts(page, field)}
    choose(page, "type", "paper", "code")
    query = {"type": ["paper", "code"]}
    for field in fields:  # the type field's own counts ignore its choice; the others' follow it
        found = option_counts(page, field)
        assert found == {o: counts(site, ids, query, field, {}).get(o, 0) for o in found}, field
    assert rows_or_cards(page, path) == wanted(site, ids, query, {})
    assert tab.offsite == []


@pytest.mark.parametrize("path", LISTING_PAGES)
def test_no_match_says_so_and_offers_the_way_back(tab: Tab, site: Site, path: str) -> None:
    page = tab.page
    ids = open_listing(page, site, path)
    empty = page.locator(EMPTY)
    expect(empty).to_be_hidden()
    choose(page, "type", "video")  # the fixture has no video
    assert wanted(site, ids, {"type": ["video"]}, {}) == []
    expect(empty).to_be_visible()
    expect(empty).to_contain_text("No entry matches these filters.")
    expect(page.locator(COUNT)).to_have_text(f"Showing 0 of {len(ids)} entries.")
    assert rows_or_cards(page, path) == []
    # Headings of sections with nothing left step aside; the one Clear sits in the empty state.
    assert page.locator("article h2:has([data-gpulist-section-count])").evaluate_all(
        "hs => hs.filter(h => h.checkVisibility()).length") == 0
    assert page.locator(f"{FORM} button[type=reset]").count() == 1
    empty.get_by_role("button", name="Clear filters").click()
    expect(empty).to_be_hidden()
    assert rows_or_cards(page, path) == ids
    expect(page.locator(COUNT)).to_have_text(f"Showing all {len(ids)} entries.")
    assert page.locator(f"{FORM} input:checked").count() == 0
    assert page.evaluate("document.activeElement.closest('form[data-gpulist-filters]') !== null")
    expect(page).to_have_url(at(site.url(path)))
    assert tab.offsite == []


HUGE = "x" * 10_240


@pytest.mark.parametrize("path", ["recent/", "all-resources/"])
def test_huge_and_unknown_query_values_are_ignored_without_error(tab: Tab, site: Site, path: str) -> None:
    page = tab.page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    query = f"?type={HUGE},paper&text={HUGE}&{HUGE}={HUGE}&tag={HUGE}&year=1066&topic=nowhere&tier=1,,%00"
    ids = open_listing(page, site, path + query)
    assert rows_or_cards(page, path) == wanted(site, ids, {"type": ["paper"], "tier": ["1"]}, {})
    note = page.locator(".gpulist-filter-note")
    expect(note).to_contain_text("type=" + "x" * 30 + "\u2026")
    assert len(note.inner_text()) < 600, "a huge value is named, not repeated"
    assert tab.errors == [] and dialogs == []
