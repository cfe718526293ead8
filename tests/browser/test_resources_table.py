"""The All-resources table (docs/assets/javascripts/resources-table.js) in a real browser.

The page has one filter system, the reader's form (reader/filters.js) with the table's search
box and topic, concept and year menus added; the table draws what it leaves. Expected rows are
computed from the built resources.json, so the tests follow the fixture catalog instead of
hard-coding its counts.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest

from playwright.sync_api import Page, expect

from gpulist.view.effort import LABELS
from tests.browser.conftest import Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.filter_kit import CLEAR, COUNT, FORM, choose, option_counts, pick
from tests.browser.reader_kit import open_bound, set_status

READY = "#gpulist-table[data-ready=true]"


def open_table(page: Page, site: Site, query: str = "") -> None:
    page.goto(site.url("all-resources/" + query))
    page.wait_for_selector(READY)


def row_ids(page: Page) -> list[str]:
    """The ids of the listed entries, read from their links' anchors, in table order."""
    hrefs = page.locator("#gpulist-table tbody tr td:first-child a").evaluate_all("links => links.map(a => a.href)")
    return [href.rsplit("#", 1)[1] for href in hrefs]


def ids(resources: list[dict[str, Any]]) -> list[str]:
    return [r["id"] for r in resources]


def test_table_lists_every_entry_linking_to_its_anchor(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    assert row_ids(page) == ids(site.resources)  # the guide's order, as resources.json has it
    total = len(site.resources)
    expect(page.locator(COUNT)).to_have_text(f"Showing all {total} entries.")
    first = site.resources[0]
    link = page.locator("#gpulist-table tbody tr td:first-child a").first
    assert link.get_attribute("href") == site.url(f"topics/{first['topic']}/#{first['id']}")
    assert link.inner_text() == first["title"]
    # Every column header sorts and says how; every control of the form has a label.
    heads = page.locator("#gpulist-table th[aria-sort]").all_inner_texts()
    assert [h.strip(" ↕") for h in heads] == ["Title", "Type", "Topic", "Tier", "Status", "Effort", "Year", "Concepts"]
    for control in page.locator(f"{FORM} select, {FORM} input[type=search]").all():
        assert page.locator(f"label[for='{control.get_attribute('id')}']").count() == 1


def test_one_filter_system(tab: Tab, site: Site) -> None:
    """One form, one Clear, one live count: the table adds fields to the reader's form, none of its own."""
    page = tab.page
    open_table(page, site)
    article = page.locator("article")
    assert article.locator("form").count() == 1 and article.locator(FORM).count() == 1
    assert article.locator("[role=status]").count() == 1
    assert article.locator("button[type=reset]").count() == 1
    assert page.locator("#gpulist-table input, #gpulist-table select, #gpulist-table form").count() == 0
    names = page.locator(f"{FORM} [name]").evaluate_all("cs => [...new Set(cs.map(c => c.name))]")
    assert names == ["text", "topic", "tag", "year", "status", "type", "effort", "access", "tier"]


def test_status_and_effort_columns(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/"))
    set_status(page, "flashattention-2", "read")
    set_status(page, "vllm", "reading")
    open_table(page, site)
    cells = page.locator("#gpulist-table tbody tr").evaluate_all("""rows => rows.map(r => [
        r.querySelector('a').href.split('#')[1], r.querySelector('.gpulist-cell-status').textContent,
        r.querySelector('.gpulist-cell-effort').textContent])""")
    marks = {"flashattention-2": "read", "vllm": "reading"}
    assert cells == [[r["id"], marks.get(r["id"], "unread"), LABELS.get(r["effort"] or "", "")] for r in site.resources]
    # Sorting by status puts unread first, then reading, then read; marks made elsewhere show at once.
    page.locator("#gpulist-table th[data-column=status] button").click()
    assert row_ids(page)[-2:] == ["vllm", "flashattention-2"]
    page.evaluate("gpulist.store.setStatus('pmpp-book', 'skipped')")
    expect(page.locator("#gpulist-table tbody tr").last.locator(".gpulist-cell-status")).to_have_text("skipped")


def test_titles_render_as_text(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    tricky = next(r for r in site.resources if r["id"] == "tricky-title")
    cell = page.locator("#gpulist-table a[href$='#tricky-title']")
    assert cell.inner_text() == tricky["title"]


def test_facet_narrows_and_url_keeps_state(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    pick(page, "topic", "attention")
    attention = [r for r in site.resources if r["topic"] == "attention"]
    assert 0 < len(attention) < len(site.resources)
    assert row_ids(page) == ids(attention)
    page.wait_for_function("location.search.includes('topic=attention')")

    pick(page, "tag", "kv-cache")
    page.locator("#gpulist-table th[data-column=year] button").click()
    page.locator("#gpulist-table th[data-column=year] button").click()  # second click: newest first
    expected = [r for r in attention if "kv-cache" in r["tags"]]
    expected.sort(key=lambda r: -(r["year"] or 0))
    assert row_ids(page) == ids(expected)
    expect(page.locator(COUNT)).to_have_text(f"Showing {len(expected)} of {len(site.resources)} entries.")
    page.wait_for_function("new URLSearchParams(location.search).get('tag') === 'kv-cache'")
    assert dict(parse_qsl(urlsplit(page.url).query)) == {"sort": "-year", "topic": "attention", "tag": "kv-cache"}

    page.reload()
    page.wait_for_selector(READY)
    assert row_ids(page) == ids(expected)
    assert page.input_value(f"{FORM} select[name=topic]") == "attention"
    assert page.input_value(f"{FORM} select[name=tag]") == "kv-cache"
    assert page.get_attribute("#gpulist-table th[data-column=year]", "aria-sort") == "descending"


def test_menus_and_checkboxes_combine(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    pick(page, "year", "2023")
    choose(page, "type", "paper", "code")
    expected = [r for r in site.resources if r["year"] == 2023 and r["type"] in ("paper", "code")]
    assert expected and row_ids(page) == ids(expected)
    # The year menu's own options count what each year would leave among papers and code.
    options = page.locator(f"{FORM} select[name=year] option").all_inner_texts()
    for year in {r["year"] for r in site.resources if r["year"]}:
        n = sum(1 for r in site.resources if r["year"] == year and r["type"] in ("paper", "code"))
        assert f"{year} ({n})" in options


def test_text_filter_and_shared_link(tab: Tab, site: Site, browser: Any) -> None:
    page = tab.page
    open_table(page, site)
    page.locator(f"{FORM} input[name=text]").press_sequentially("tri dao")
    expected = [r for r in site.resources if "Tri Dao" in r["authors"]]
    assert expected
    page.wait_for_function("location.search.includes('text=')")
    page.wait_for_function(f"document.querySelectorAll('#gpulist-table tbody tr').length === {len(expected)}")
    assert row_ids(page) == ids(expected)
    assert "text=tri%20dao" in page.url

    # The address alone reproduces the view in a fresh browser context.
    shared = open_tab(browser)
    try:
        shared.page.goto(page.url)
        shared.page.wait_for_selector(READY)
        assert row_ids(shared.page) == ids(expected)
        assert shared.page.input_value(f"{FORM} input[name=text]") == "tri dao"
    finally:
        shared.page.context.close()


def test_counts_follow_a_search_made_with_the_fields_folded(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    page.locator(f"{FORM} input[name=text]").fill("tri dao")
    page.locator(f"{FORM} input[name=text]").press("Enter")
    assert not page.locator(f"{FORM} details").evaluate("d => d.open")
    found = [r for r in site.resources if "Tri Dao" in r["authors"]]
    assert 0 < len({r["type"] for r in found}) and len(found) < len(site.resources)
    ids_found = [r["id"] for r in found]
    assert row_ids(page) == ids_found
    shown_counts = option_counts(page, "type")  # opens the fields
    assert shown_counts == {t: sum(1 for r in found if r["type"] == t) for t in shown_counts}


def test_clear_restores_every_entry_and_keeps_the_order(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site, "?type=paper&text=attention&sort=title")
    papers = [r for r in site.resources if r["type"] == "paper" and "attention" in r["title"].lower()]
    assert row_ids(page) == sorted(ids(papers), key=lambda i: next(r["title"] for r in papers if r["id"] == i))
    page.locator(CLEAR).click()
    assert row_ids(page) == ids(sorted(site.resources, key=lambda r: r["title"].lower()))
    assert page.input_value(f"{FORM} input[name=text]") == ""
    expect(page).to_have_url(at(site.url("all-resources/?sort=title")))


def test_works_after_instant_navigation(tab: Tab, site: Site) -> None:
    """Material swaps pages without reloading; the table must still start (document$)."""
    page = tab.page
    open_bound(page, site.url())
    mark_document(page)
    page.locator(".md-nav a[href$='all-resources/']").first.click()
    page.wait_for_selector(READY)
    assert same_document(page), "expected instant navigation, got a full load"
    assert len(row_ids(page)) == len(site.resources)


def topic_links(page: Page) -> list[str]:
    return page.locator("#gpulist-table .gpulist-table-status a").evaluate_all(
        "links => links.map(a => new URL(a.href).pathname.split('/').slice(-2, -1)[0])")


def test_without_javascript_the_page_points_to_the_topic_pages(browser: Any, site: Site) -> None:
    plain = open_tab(browser, java_script_enabled=False)
    try:
        plain.page.goto(site.url("all-resources/"))
        topics = [t["id"] for t in site.topics]
        assert topic_links(plain.page)[:-1] == topics
        assert plain.page.locator("#gpulist-table tbody tr").count() == 0
    finally:
        plain.page.context.close()


def test_the_note_comes_back_when_the_data_cannot_load(tab: Tab, site: Site) -> None:
    """While the script loads, the container says so; a failed fetch brings the note back."""
    page = tab.page
    page.route("**/resources.json", lambda route: route.abort())
    page.goto(site.url("all-resources/"))
    page.wait_for_selector("#gpulist-table[data-ready=failed]")
    note = page.locator("#gpulist-table .gpulist-table-status")
    assert note.is_visible() and "needs JavaScript" in note.inner_text()
    assert len(topic_links(page)) == len(site.topics) + 1


@pytest.mark.parametrize("width", [412, 1280])
def test_a_long_result_lists_its_first_fifty_rows_and_the_rest_on_request(browser: Any, site: Site, width: int) -> None:
    """Served 150 entries (the fixture's, repeated under new ids), the table lists 50 and the
    count says so ("Showing 50 of 150", never "all 150" over 50 rows); "List all 150" is a filled
    button, lists every one and the count follows; a new order goes back to the first 50."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    page = tab.page

    def longer(route: Any) -> None:
        data = route.fetch().json()
        real = data["resources"]
        data["resources"] = [{**real[i % len(real)], "id": f"{real[i % len(real)]['id']}-{i}"} for i in range(150)]
        route.fulfill(json=data)

    page.route("**/resources.json", longer)
    open_table(page, site)
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(50)
    expect(page.locator(COUNT)).to_have_text("Showing 50 of 150 entries.")
    expect(page.locator("#gpulist-table .gpulist-more span")).to_have_text("The first 50 of 150 are listed.")
    more = page.locator("#gpulist-table .gpulist-more button")
    expect(more).to_have_text("List all 150")
    # A button that looks like one: filled, not the outline Material gives a secondary action.
    filled = more.evaluate("b => getComputedStyle(b).backgroundColor")
    assert filled not in ("rgba(0, 0, 0, 0)", "transparent"), filled
    box = more.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44, box
    more.click()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(150)
    expect(page.locator(COUNT)).to_have_text("Showing all 150 entries.")
    expect(more).to_be_hidden()
    page.locator("#gpulist-table th[data-column=title] button").click()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(50)
    expect(page.locator(COUNT)).to_have_text("Showing 50 of 150 entries.")
    # A filter that leaves more than 50: the count says how many match, and of how many.
    topic = site.resources[0]["topic"]
    matching = sum(1 for i in range(150) if site.resources[i % len(site.resources)]["topic"] == topic)
    pick(page, "topic", topic)
    expect(page.locator(COUNT)).to_have_text(
        f"Showing 50 of {matching} matching entries (150 in all)." if matching > 50 else f"Showing {matching} of 150 entries.")
    assert tab.errors == [], tab.errors
    page.context.close()


def test_a_page_of_every_topic_names_tiers_tier_n(tab: Tab, site: Site) -> None:
    """All resources mixes topics: a tier is "Tier N" (a grouped topic's entry shows its group),
    in the column and in the filter's options alike."""
    page = tab.page
    open_table(page, site)
    groups = {(t["id"], s["key"]): s["title"] for t in site.topics for s in t["sections"] if s["tier"] is None}
    cells = page.locator("#gpulist-table td.gpulist-cell-tier").all_inner_texts()
    assert cells == [f"Tier {r['tier']}" if r["tier"] else groups[(r["topic"], r["section"])] for r in site.resources]
    labels = page.locator(f"{FORM} input[name=tier]").evaluate_all(
        "boxes => boxes.map(b => b.parentElement.firstChild.nextSibling.textContent.trim())")
    assert labels == ["Tier 1", "Tier 2", "Tier 3"]
