"""The All-resources table (docs/assets/javascripts/resources-table.js) in a real browser.

Expected rows are computed from the built resources.json, so the tests follow the
fixture catalog instead of hard-coding its counts.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import Site, Tab, open_tab

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
    assert page.locator(".gpulist-count").inner_text() == f"Showing {total} of {total} entries"
    first = site.resources[0]
    link = page.locator("#gpulist-table tbody tr td:first-child a").first
    assert link.get_attribute("href") == site.url(f"topics/{first['topic']}/#{first['id']}")
    assert link.inner_text() == first["title"]
    # Every column header sorts and says how; every control has a label.
    assert page.locator("#gpulist-table th[aria-sort]").count() == 6
    for control in page.locator("#gpulist-table select, #gpulist-table input").all():
        assert page.locator(f"label[for='{control.get_attribute('id')}']").count() == 1


def test_titles_render_as_text(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    tricky = next(r for r in site.resources if r["id"] == "tricky-title")
    cell = page.locator("#gpulist-table a[href$='#tricky-title']")
    assert cell.inner_text() == tricky["title"]


def test_facet_narrows_and_url_keeps_state(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site)
    page.select_option("#gpulist-table-topic", "attention")
    attention = [r for r in site.resources if r["topic"] == "attention"]
    assert 0 < len(attention) < len(site.resources)
    assert row_ids(page) == ids(attention)
    assert "topic=attention" in page.url

    page.select_option("#gpulist-table-tag", "kv-cache")
    page.locator("#gpulist-table th[data-column=year] button").click()
    page.locator("#gpulist-table th[data-column=year] button").click()  # second click: newest first
    expected = [r for r in attention if "kv-cache" in r["tags"]]
    expected.sort(key=lambda r: -(r["year"] or 0))
    assert row_ids(page) == ids(expected)
    assert page.locator(".gpulist-count").inner_text() == f"Showing {len(expected)} of {len(site.resources)} entries"

    page.reload()
    page.wait_for_selector(READY)
    assert row_ids(page) == ids(expected)
    assert page.input_value("#gpulist-table-topic") == "attention"
    assert page.input_value("#gpulist-table-tag") == "kv-cache"
    assert page.get_attribute("#gpulist-table th[data-column=year]", "aria-sort") == "descending"


def test_text_filter_and_shared_link(tab: Tab, site: Site, browser: Any) -> None:
    page = tab.page
    open_table(page, site)
    page.locator("#gpulist-table-text").press_sequentially("tri dao")
    expected = [r for r in site.resources if "Tri Dao" in r["authors"]]
    assert expected
    page.wait_for_function("location.search.includes('text=')")
    page.wait_for_function(f"document.querySelectorAll('#gpulist-table tbody tr').length === {len(expected)}")
    assert row_ids(page) == ids(expected)

    # The address alone reproduces the view in a fresh browser context.
    shared = open_tab(browser)
    try:
        shared.page.goto(page.url)
        shared.page.wait_for_selector(READY)
        assert row_ids(shared.page) == ids(expected)
        assert shared.page.input_value("#gpulist-table-text") == "tri dao"
    finally:
        shared.page.context.close()


def test_clear_restores_everything(tab: Tab, site: Site) -> None:
    page = tab.page
    open_table(page, site, "?type=paper&sort=title")
    assert row_ids(page) == sorted(ids(r for r in site.resources if r["type"] == "paper"))  # type: ignore[arg-type]
    page.locator("#gpulist-table button[type=reset]").click()
    assert row_ids(page) == ids(site.resources)
    assert page.url.endswith("/all-resources/")


def test_works_after_instant_navigation(tab: Tab, site: Site) -> None:
    """Material swaps pages without reloading; the table must still start (document$)."""
    page = tab.page
    page.goto(site.url())
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-nav a[href$='all-resources/']").first.click()
    page.wait_for_selector(READY)
    assert page.evaluate("window.__sameDocument === true"), "expected instant navigation, got a full load"
    assert len(row_ids(page)) == len(site.resources)


def test_phone_width_does_not_scroll_the_page(browser: Any, site: Site) -> None:
    phone = open_tab(browser, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    try:
        open_table(phone.page, site, "?topic=attention")
        width = phone.page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360
        assert phone.page.locator("#gpulist-table-topic").is_visible()
    finally:
        phone.page.context.close()


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


def test_a_long_result_lists_its_first_hundred_rows_and_the_rest_on_request(tab: Tab, site: Site) -> None:
    """Served 150 entries (the fixture's, repeated under new ids), the table lists 100 and
    says so; "List all 150" lists every one, and a new filter goes back to the first 100."""
    page = tab.page

    def longer(route: Any) -> None:
        data = route.fetch().json()
        real = data["resources"]
        data["resources"] = [{**real[i % len(real)], "id": f"{real[i % len(real)]['id']}-{i}"} for i in range(150)]
        route.fulfill(json=data)

    page.route("**/resources.json", longer)
    open_table(page, site)
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(100)
    assert page.locator(".gpulist-count").inner_text() == "150 of 150 entries match; the first 100 are listed"
    more = page.locator("#gpulist-table .gpulist-more button")
    expect(more).to_have_text("List all 150")
    more.click()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(150)
    expect(more).to_be_hidden()
    page.locator("#gpulist-table th[data-column=title] button").click()
    expect(page.locator("#gpulist-table tbody tr")).to_have_count(100)
