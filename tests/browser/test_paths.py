"""The way in (reader/paths.js, reader/step.js, next.js's "Ready for you"), in Chromium, both
engines: choose a path on the home page, walk it from "Your next step" marking steps read and
skipped, see the path page's current step, figures and done look, and a bad stored path.

The fixture's paths: first-steps (pmpp-book, cuda-programming-guide, flashattention-2, vllm)
and attention-only (flashattention-2, flashattention-3).
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.reader_kit import STORE, expected_ready, listed, open_bound, reader_data, set_status, statuses

CARD = "[data-gpulist-next-step]"
PATH_KEY = "gpulist.path.v1"


def card_entry(page: Page) -> str | None:
    return page.locator(f"{CARD} [data-gpulist-entry]").get_attribute("data-gpulist-entry")


def follow(page: Page, path: str) -> None:
    page.locator(f"[data-gpulist-path-choice='{path}'] [data-gpulist-follow]").first.click()


def test_choose_a_path_and_walk_it_from_the_next_step_card(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url())
    card = page.locator(CARD)
    expect(card.locator(".gpulist-step-where")).to_contain_text("First step · First steps, step 1 of 4")
    assert card_entry(page) == "pmpp-book"
    mark_document(page)

    follow(page, "attention-only")
    expect(card.locator(".gpulist-step-where")).to_contain_text("Your next step · Attention <only> & more, step 1 of 2")
    expect(page.locator("[data-gpulist-path-choice='attention-only']")).to_have_attribute("data-gpulist-chosen", "")
    expect(page.locator("[data-gpulist-path-choice='attention-only'] [data-gpulist-follow]")).to_have_attribute(
        "aria-pressed", "true")
    expect(card.locator(".gpulist-step-why")).to_have_text("The first version to read: <better> parallelism.")
    expect(card.locator(".gpulist-step-meta")).to_contain_text("≈ 3 h · free")

    card.locator("select[data-gpulist-status]").focus()  # as a keyboard reader: the place must be kept
    card.locator("select[data-gpulist-status]").select_option("read")  # the card's own control
    expect(card.locator(".gpulist-step-where")).to_contain_text("step 2 of 2")
    assert card_entry(page) == "flashattention-3"
    expect(card.locator("select[data-gpulist-status]")).to_be_focused()  # the reader's place is kept
    card.locator("select[data-gpulist-status]").select_option("skipped")
    expect(card.locator(".gpulist-step-lead")).to_have_text("Path done")
    expect(card).to_contain_text("all 2 steps read or skipped")
    expect(card.locator(".gpulist-step-title")).to_contain_text("Next: First steps")
    card.locator("[data-gpulist-follow='first-steps']").click()
    expect(card.locator(".gpulist-step-where")).to_contain_text("Your next step · First steps, step 1 of 4")
    assert same_document(page), "the card moved by reloading the page"
    assert json.loads(page.evaluate(f"localStorage.getItem('{PATH_KEY}')"))["path"] == "first-steps"
    assert statuses(page) == {"flashattention-2": "read", "flashattention-3": "skipped"}

    # A changed mind: the chosen path again, pressed, is no longer followed; the first path leads.
    follow(page, "first-steps")
    expect(card.locator(".gpulist-step-lead")).to_have_text("First step")
    assert page.evaluate(f"localStorage.getItem('{PATH_KEY}')") is None
    assert tab.offsite == []


def test_a_path_page_marks_the_next_step_counts_every_step_and_looks_done(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url())
    mark_document(page)
    page.locator("[data-gpulist-path-choice='first-steps'] > a").click()  # instant navigation
    page.wait_for_url(at(site.url("paths/first-steps/")))
    steps = page.locator("ol.gpulist-path > li")
    current = page.locator("ol.gpulist-path > li[data-gpulist-current]")
    expect(current).to_have_count(1)
    expect(current).to_have_attribute("data-gpulist-entry", "pmpp-book")
    expect(current).to_have_attribute("aria-current", "step")
    assert same_document(page), "the path page was loaded, not swapped in"
    unread = steps.nth(3).evaluate("li => getComputedStyle(li).color")

    set_status(page, "pmpp-book", "read")
    expect(current).to_have_attribute("data-gpulist-entry", "cuda-programming-guide")
    set_status(page, "cuda-programming-guide", "skipped")
    set_status(page, "flashattention-2", "read")
    expect(current).to_have_attribute("data-gpulist-entry", "vllm")
    expect(page.locator("[data-gpulist-progress]").first).to_have_text("2 / 4")  # a skipped step stays in M
    expect(page.locator("[data-gpulist-tally]")).to_have_text("2 read, 1 skipped, 1 to go")
    read = steps.nth(0).evaluate("li => getComputedStyle(li).color")
    assert read != unread, "a read step looks done at a glance"
    assert steps.nth(0).evaluate("li => getComputedStyle(li, '::marker').content").strip('"').startswith("✓")
    assert "line-through" in steps.nth(1).locator("a").first.evaluate("a => getComputedStyle(a).textDecorationLine")
    assert "line-through" not in steps.nth(3).locator("a").first.evaluate("a => getComputedStyle(a).textDecorationLine")

    set_status(page, "vllm", "read")  # every step read or skipped: nothing is next
    expect(current).to_have_count(0)
    expect(page.locator("[data-gpulist-tally]")).to_have_text("3 read, 1 skipped, 0 to go")
    # Following from the path page makes it the reader's path on the home page.
    page.locator("[data-gpulist-path-choice='first-steps'] [data-gpulist-follow]").click()
    open_bound(page, site.url())
    expect(page.locator(f"{CARD} .gpulist-step-lead")).to_have_text("Path done")
    expect(page.locator(f"{CARD} .gpulist-step-title")).to_contain_text("Next: Attention <only> & more")
    assert tab.offsite == []


def _ready_is_true_to_prerequisites(page: Page, site: Site) -> list[str]:
    data = reader_data(site)
    entries = {e[0]: e for e in data["entries"]}
    ready = listed(page, "data-gpulist-ready")
    marks = statuses(page)
    concepts = data["concepts"]
    ids = [e[0] for e in data["entries"]]
    for rid in ready:
        tier, requires = entries[rid][3], entries[rid][4]
        assert tier, f"{rid} is an untiered stray"
        assert marks.get(rid, "unread") == "unread"
        assert tier == 1 or requires, f"{rid} requires nothing past tier 1"
        for c in requires:
            assert any(marks.get(ids[n]) == "read" for n in concepts[c][1]), f"{rid} needs {concepts[c][0]}"
    return ready


@pytest.mark.parametrize("marks", [{}, {"flashattention-2": "read"}, {"flashattention-2": "read", "kv-old": "read"},
                                   {"pmpp-book": "skipped", "flashattention-3": "reading", "cuda-programming-guide": "read"}],
                         ids=["nothing", "attention covered", "kv cache covered", "mixed"])
def test_ready_for_you_is_true_to_prerequisites_and_the_path(tab: Tab, site: Site, marks: dict[str, str]) -> None:
    page = tab.page
    store = {"version": 2, "marks": {e: {"status": s, "at": "2025-01-01T00:00:00Z"} for e, s in marks.items()}}
    page.context.add_init_script(f"localStorage.setItem('{STORE}', {json.dumps(json.dumps(store))})")
    for path in (None, "attention-only"):
        open_bound(page, site.url(""))
        if path:
            follow(page, path)
        expect(page.locator("[data-gpulist-next]")).to_be_visible()
        page.wait_for_function("document.querySelector('[data-gpulist-ready] h2') !== null")
        expected = expected_ready(site, marks, path=path)
        expect(page.locator("[data-gpulist-ready] li")).to_have_count(len(expected))
        assert _ready_is_true_to_prerequisites(page, site) == expected
        assert "semianalysis" not in expected and "gpu-mode" not in expected  # untiered: never
    assert tab.offsite == []


@pytest.mark.parametrize("stored", ['{"version": 1, "path": "removed-path", "at": "2025-01-01T00:00:00Z"}',
                                    '{"version": 1, "path": "<img src=x onerror=window.pwned=1>"}',
                                    '{"version": 9, "path": "attention-only"}', "not json"],
                         ids=["removed", "markup", "newer", "damaged"])
def test_a_stored_path_that_is_gone_or_bad_counts_as_none_chosen(browser: Browser, site: Site, stored: str) -> None:
    opened = open_tab(browser)
    try:
        page = opened.page
        page.context.add_init_script(f"localStorage.setItem('{PATH_KEY}', {json.dumps(stored)})")
        open_bound(page, site.url())
        expect(page.locator(f"{CARD} .gpulist-step-where")).to_contain_text("First step · First steps, step 1 of 4")
        expect(page.locator("[data-gpulist-follow][aria-pressed=true]")).to_have_count(0)
        expect(page.locator("[data-gpulist-chosen]")).to_have_count(0)
        assert page.evaluate("window.pwned === undefined") and opened.errors == [] and opened.offsite == []
    finally:
        opened.page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (412, 915)])
def test_the_paths_are_above_the_fold(browser: Browser, site: Site, width: int, height: int) -> None:
    opened = open_tab(browser, viewport={"width": width, "height": height})
    try:
        page = opened.page
        open_bound(page, site.url())
        first = page.locator("[data-gpulist-path-choice] a").first
        box = first.bounding_box()
        assert box and box["y"] + box["height"] <= height, f"the first path's link at {box} on {width}×{height}"
        assert page.locator(CARD).bounding_box()["y"] < box["y"]
    finally:
        opened.page.context.close()


def test_without_javascript_the_paths_are_links_and_the_first_step_is_named(browser: Browser, site: Site) -> None:
    opened = open_tab(browser, java_script_enabled=False)
    try:
        page = opened.page
        page.goto(site.url())
        links = page.locator("[data-gpulist-path-choice] > a")
        expect(links).to_have_count(len(reader_data(site)["paths"]))
        expect(page.locator(f"{CARD} .gpulist-step-title a")).to_have_text("Programming Massively Parallel Processors")
        assert page.locator("[data-gpulist-follow], select").count() == 0
        links.first.click()
        page.wait_for_url(at(site.url("paths/first-steps/")))
        expect(page.locator("ol.gpulist-path > li")).to_have_count(4)
        assert page.locator("[data-gpulist-current]").count() == 0
    finally:
        opened.page.context.close()
