"""Reading states, "Continue" and "Ready for you", "Know first", map shades and the v1 migration
(docs/assets/javascripts/reader/), in Chromium, on both engines' builds of the fixture site.

Counts come from the built resources.json and reader-data.json, so the tests follow the
fixture catalog. Every test ends by checking that nothing left 127.0.0.1.
"""

from __future__ import annotations

import json

import pytest

from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.axe_kit import CLEAN, in_both_schemes
from tests.browser.conftest import Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.reader_kit import (BOUND, LEGACY, MENU, STORE, expected_ready, listed, open_bound,
                                      set_status, statuses, stored)


def topic_ids(site: Site, topic: str) -> list[str]:
    return [r["id"] for r in site.resources if r["topic"] == topic]


def test_every_state_persists_and_is_counted(tab: Tab, site: Site) -> None:
    """Read counts, skipped leaves both sides of N / M, on the topic, home and path pages."""
    page = tab.page
    attention = topic_ids(site, "attention")
    open_bound(page, site.url("topics/attention/"))
    assert page.locator("select[data-gpulist-status]").count() == len(attention)
    assert page.locator(MENU.format("vllm") + " option").evaluate_all("os => os.map(o => o.value)") == [
        "unread", "reading", "read", "skipped"]
    for entry, status in (("flashattention-2", "read"), ("flashattention-3", "reading"), ("vllm", "skipped"),
                          ("kv-old", "read"), ("kv-old", "unread")):
        set_status(page, entry, status)
    figure = page.locator("[data-gpulist-progress]").first
    expect(figure).to_have_text(f"1 / {len(attention) - 1}")
    expect(page.locator(MENU.format("flashattention-2"))).to_have_value("read")
    expect(page.locator(MENU.format("flashattention-3"))).to_have_value("reading")
    assert statuses(page) == {"flashattention-2": "read", "flashattention-3": "reading", "vllm": "skipped"}

    page.reload()
    page.wait_for_function(BOUND)
    for entry, status in (("flashattention-2", "read"), ("flashattention-3", "reading"), ("vllm", "skipped"),
                          ("kv-old", "unread")):
        expect(page.locator(MENU.format(entry))).to_have_value(status)
    expect(figure).to_have_text(f"1 / {len(attention) - 1}")

    # Instant navigation to the home page, then to a path: the same counts, without a reload.
    mark_document(page)
    page.locator(".md-header a[href], .md-nav a[href]").filter(has_text="Home").first.click()
    page.wait_for_function("document.querySelector('.grid.cards') !== null")
    card = page.locator(".grid.cards li", has=page.locator("a[href$='/topics/attention/']"))
    expect(card.locator("[data-gpulist-progress]")).to_have_text(f"1 / {len(attention) - 1}")
    page.locator(".gpulist-paths a[href$='/paths/first-steps/']").first.click()
    page.wait_for_url(at(site.url("paths/first-steps/")))
    expect(page.locator("[data-gpulist-progress]").first).to_have_text("1 / 4")  # vllm skipped: still a step
    expect(page.locator("[data-gpulist-tally]")).to_have_text("1 read, 1 skipped, 2 to go")
    expect(page.locator(MENU.format("vllm"))).to_have_value("skipped")
    assert same_document(page), "navigation reloaded the page"
    assert tab.offsite == []


# Everything a reader can press, pick or type into, but links: an entry's element holds one.
INTERACTIVE = """hosts => hosts.map(host => [host.getAttribute('data-gpulist-entry'),
  [...host.querySelectorAll('button, select, input, textarea, details, summary, [tabindex], [contenteditable]')]
    .map(e => e.tagName.toLowerCase() + (e.getAttribute('data-gpulist-status') ? '[status]' : ''))])"""


def test_one_control_per_entry_that_reaches_every_state(tab: Tab, site: Site) -> None:
    """Cards, path steps, "Continue" and "Ready for you": each entry has its status menu and
    nothing else to operate; the menu alone moves through all four states and shows each."""
    page = tab.page
    for path in ("topics/attention/", "topics/fundamentals/", "paths/first-steps/", "", "start-here/", "concepts/cuda/"):
        open_bound(page, site.url(path))
        page.wait_for_function("document.querySelector('[data-gpulist-entry]') !== null")
        if path == "":
            page.locator("[data-gpulist-ready] li").first.wait_for()
        found = page.locator("[data-gpulist-entry]").evaluate_all(INTERACTIVE)
        # A path step may also fold its concepts' check questions, written by the build: the
        # `<details>` and its summary are the only other thing it holds, never a second control.
        folded = set(page.locator("ol.gpulist-path > li:has(details.gpulist-step-check)").evaluate_all(
            "ls => ls.map(l => l.getAttribute('data-gpulist-entry'))"))
        assert found and all(controls == (["details", "summary", "select[status]"] if entry in folded
                                          else ["select[status]"]) for entry, controls in found), (path, found)
        assert (path == "paths/first-steps/") == bool(folded), (path, folded)
    open_bound(page, site.url("topics/attention/"))
    menu = page.locator(MENU.format("flashattention-3"))
    looks = set()
    for status in ("reading", "read", "skipped", "unread"):
        menu.select_option(status)
        expect(menu).to_have_attribute("data-gpulist-state", status)
        looks.add(menu.evaluate("m => [getComputedStyle(m).backgroundColor, getComputedStyle(m).fontWeight, "
                                "getComputedStyle(m).borderStyle, getComputedStyle(m).color].join()"))
        assert statuses(page) == ({} if status == "unread" else {"flashattention-3": status})
    assert len(looks) == 4, "each state looks different at a glance"
    assert tab.offsite == []


def test_version_1_marks_migrate_with_their_times(browser: Browser, site: Site) -> None:
    legacy = json.dumps({"flashattention-2": "2024-02-03T04:05:06.000Z", "<script>": "2024-01-01T00:00:00Z",
                         "vllm": "not a time"})
    opened = open_tab(browser)
    try:
        page = opened.page
        page.context.add_init_script(f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', 1); "
                                     f"localStorage.setItem('{LEGACY}', {json.dumps(legacy)}); }}")
        open_bound(page, site.url("topics/attention/"))
        assert stored(page) == {"flashattention-2": {"status": "read", "at": "2024-02-03T04:05:06.000Z"}}
        assert page.evaluate(f"localStorage.getItem('{LEGACY}')") == legacy, "the v1 store was changed"
        expect(page.locator(MENU.format("flashattention-2"))).to_have_value("read")
        # Migrated once: unmarking is not undone by migrating again.
        set_status(page, "flashattention-2", "unread")
        page.reload()
        page.wait_for_function(BOUND)
        expect(page.locator(MENU.format("flashattention-2"))).to_have_value("unread")
        assert json.loads(page.evaluate(f"localStorage.getItem('{STORE}')"))["version"] == 2
        assert opened.offsite == [] and opened.errors == []
    finally:
        opened.page.context.close()


def test_a_store_of_a_newer_version_is_never_overwritten(browser: Browser, site: Site) -> None:
    future = json.dumps({"version": 3, "marks": {"flashattention-2": "something new"}})
    opened = open_tab(browser)
    try:
        page = opened.page
        page.context.add_init_script(f"localStorage.setItem('{STORE}', {json.dumps(future)})")
        open_bound(page, site.url("topics/attention/"))
        set_status(page, "flashattention-3", "read")
        assert page.evaluate(f"localStorage.getItem('{STORE}')") == future
        assert opened.errors == []
    finally:
        opened.page.context.close()


def test_continue_and_ready_follow_marks_on_prerequisites(tab: Tab, site: Site) -> None:
    """vllm requires KV cache (no start entry: covered by reading any entry tagged with it)
    and attention (covered by its start entry, flashattention-2)."""
    page = tab.page
    open_bound(page, site.url())
    expect(page.locator("[data-gpulist-next]")).to_be_visible()
    expect(page.locator("[data-gpulist-continue]")).to_contain_text("Nothing in progress")
    expect(page.locator("[data-gpulist-ready] li")).to_have_count(len(expected_ready(site, {})))
    assert listed(page, "data-gpulist-ready") == expected_ready(site, {})
    assert "vllm" not in listed(page, "data-gpulist-ready")

    open_bound(page, site.url("topics/attention/"))
    set_status(page, "flashattention-3", "reading")
    page.wait_for_timeout(20)  # the two marks' times differ, so "latest first" is an order
    set_status(page, "flashattention-2", "read")
    open_bound(page, site.url(""))
    expect(page.locator("[data-gpulist-ready] li").first).to_be_visible()
    marks = {"flashattention-2": "read", "flashattention-3": "reading"}
    assert listed(page, "data-gpulist-ready") == expected_ready(site, marks)
    assert {"kv-old", "tricky-title"} <= set(listed(page, "data-gpulist-ready")), "attention is covered"
    assert "vllm" not in listed(page, "data-gpulist-ready"), "KV cache is not covered yet"

    set_status(page, "pmpp-book", "reading")  # from the "Ready for you" list itself
    expect(page.locator("[data-gpulist-continue] li")).to_have_count(2)
    assert listed(page, "data-gpulist-continue") == ["pmpp-book", "flashattention-3"]
    page.locator("[data-gpulist-ready] " + MENU.format("kv-old")).select_option("read")  # covers KV cache
    marks.update({"pmpp-book": "reading", "kv-old": "read"})
    expect(page.locator("[data-gpulist-ready] " + MENU.format("vllm"))).to_have_count(1)
    assert listed(page, "data-gpulist-ready") == expected_ready(site, marks)
    # vllm is a step of the reader's path (the first, none chosen): it comes before other entries.
    ready = listed(page, "data-gpulist-ready")
    assert ready.index("vllm") < ready.index("tricky-title")
    assert tab.offsite == []


SHADE = '<p><a href="#" id="shade" data-gpulist-shade data-gpulist-ids="flashattention-2 flashattention-3 vllm">map</a></p>'


def with_fixtures(page: Page, site: Site) -> None:
    """A concept map node over three of the page's entries, written into the served topic page,
    so the shading's arithmetic is seen on one page (tests/browser/test_concepts.py follows
    the real map)."""
    def patch(route: Route) -> None:
        response = route.fetch()
        body = response.text()
        heading = body.index("<h2")
        body = body[:heading] + SHADE + body[heading:]
        route.fulfill(response=response, body=body)

    page.route(site.url("topics/attention/"), patch)


def test_know_first_hides_covered_concepts_but_never_the_card(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/"))
    vllm = page.locator('[data-gpulist-requires="kv-cache attention"]')  # vllm's card: know these first
    chips = vllm.locator("[data-gpulist-concept]")
    expect(chips).to_have_count(2)
    expect(chips.nth(0)).to_be_visible()
    expect(chips.nth(1)).to_be_visible()
    set_status(page, "flashattention-2", "read")  # attention's start entry
    expect(vllm.locator("[data-gpulist-concept=attention]")).to_be_hidden()
    expect(vllm.locator("[data-gpulist-concept=kv-cache]")).to_be_visible()
    set_status(page, "kv-old", "reading")  # reading does not cover
    expect(vllm.locator("[data-gpulist-concept=kv-cache]")).to_be_visible()
    set_status(page, "kv-old", "read")  # kv-cache has no start: any tagged entry read covers it
    expect(vllm).to_be_hidden()
    expect(page.locator("h3#vllm")).to_be_visible()
    expect(page.locator(MENU.format("vllm"))).to_be_visible()
    set_status(page, "flashattention-2", "skipped")
    expect(vllm.locator("[data-gpulist-concept=attention]")).to_be_visible()
    assert tab.offsite == []


def test_map_shades_follow_read_and_skipped(tab: Tab, site: Site) -> None:
    page = tab.page
    with_fixtures(page, site)
    open_bound(page, site.url("topics/attention/"))
    node = page.locator("#shade")

    def shade() -> tuple[str | None, str]:
        return node.get_attribute("data-gpulist-state"), node.evaluate("n => n.style.getPropertyValue('--gpulist-read')")

    assert shade() == ("none", "0")
    set_status(page, "flashattention-2", "read")
    expect(node).to_have_attribute("data-gpulist-state", "some")
    assert shade() == ("some", "0.333")
    set_status(page, "vllm", "skipped")
    assert shade() == ("some", "0.5")
    set_status(page, "flashattention-3", "read")
    assert shade() == ("all", "1")
    assert tab.offsite == []


def test_every_new_control_passes_axe_in_use(browser: Browser, site: Site) -> None:
    """Whole pages, as test_accessibility checks them (in both palettes), with the controls this
    work adds in use: status menus, an open filter form with a filter on, the section counts,
    "Continue" and "Ready for you" filled, the progress link shown, and a shared link offered,
    then viewed."""
    from tests.browser.reader_kit import link_payload, progress_document

    opened = open_tab(browser, viewport={"width": 1280, "height": 900}, color_scheme="light",
                      permissions=["clipboard-read", "clipboard-write"])
    try:
        page = opened.page
        open_bound(page, site.url("topics/attention/"))
        set_status(page, "flashattention-3", "reading")
        set_status(page, "vllm", "skipped")
        page.locator("form[data-gpulist-filters] summary").click()
        page.locator("form[data-gpulist-filters] input[name=type][value=paper]").check()
        expect(page.locator("h2#tier_1 [data-gpulist-section-count]")).not_to_have_text("")
        assert in_both_schemes(page, back=True) == CLEAN, "topic page"
        open_bound(page, site.url(""))
        expect(page.locator("[data-gpulist-continue] li")).to_have_count(1)
        page.locator("[data-gpulist-share]").click()
        expect(page.locator("[data-gpulist-share-link]")).to_be_visible()
        assert in_both_schemes(page, back=True) == CLEAN, "start here"
        page.goto(site.url(link_payload(progress_document(read={"flashattention-2": "2025-01-01T00:00:00Z"}))))
        expect(page.locator("[data-gpulist-shared=offer]")).to_be_visible()
        assert in_both_schemes(page, back=True) == CLEAN, "home, offered a shared link"
        page.get_by_role("button", name="View it").click()
        expect(page.locator("[data-gpulist-shared=viewing]")).to_be_visible()
        assert in_both_schemes(page, back=True) == CLEAN, "home, viewing a shared link"
        assert opened.offsite == [] and opened.errors == []
    finally:
        opened.page.context.close()
