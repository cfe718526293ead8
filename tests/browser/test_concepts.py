"""Concept pages and the concept map in Chromium, under both engines: progress on a concept
page follows its first reads, and the map's node for the concept is shaded to match."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Site, Tab
from tests.browser.reader_kit import open_bound, set_status

NODE = ".gpulist-map a.gpulist-node[href$='attention/']"


def test_marking_a_start_entry_read_updates_the_concept_page_and_the_map(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("concepts/attention/"))
    figure = page.locator("[data-gpulist-progress]").first
    expect(figure).to_have_text("0 / 2")  # flashattention-2 (its start) and flashattention-3
    set_status(page, "flashattention-2", "read")  # the start entry's card, on the concept page
    expect(figure).to_have_text("1 / 2")
    open_bound(page, site.url("concepts/"))
    node = page.locator(NODE)
    expect(node).to_have_attribute("data-gpulist-state", "some")
    assert node.evaluate("n => n.style.getPropertyValue('--gpulist-read')") == "0.5"
    other = page.locator(".gpulist-map a.gpulist-node").filter(has_text="FP8")
    expect(other).to_have_attribute("data-gpulist-state", "none")
    assert tab.offsite == []


def test_the_map_is_a_set_of_working_links_without_javascript(site: Site, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url("concepts/"))
    nodes = page.locator(".gpulist-map a.gpulist-node")
    expect(nodes).to_have_count(4)  # the fixture's concepts: cuda, attention, kv-cache, fp8
    assert nodes.first.get_attribute("data-gpulist-state") is None  # no script, no shading
    nodes.filter(has_text="KV cache").click()
    page.wait_for_url("**/concepts/kv-cache/")
    expect(page.locator("h1")).to_contain_text("KV cache")
    context.close()


def test_a_concept_pages_local_map_fits_a_phone_and_its_links_work_without_javascript(site: Site, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 412, "height": 900})
    page = context.new_page()
    page.goto(site.url("concepts/attention/"))
    nodes = page.locator("[data-gpulist-local-map] .gpulist-local-node")
    expect(nodes).to_have_text(["CUDA", "Attention", "KV cache"])  # prerequisite, itself, what it unlocks
    clipped = nodes.evaluate_all("ns => ns.filter(n => n.scrollHeight > n.clientHeight + 1 || "
                                 "n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > innerWidth)")
    assert clipped == []
    page.locator("[data-gpulist-unlocks] a", has_text="KV cache").click()
    page.wait_for_url("**/concepts/kv-cache/")
    page.locator("[data-gpulist-local-map] a", has_text="Attention").click()
    page.wait_for_url("**/concepts/attention/")
    context.close()


def test_a_definitions_concept_links_preview_their_concept_and_lead_to_it(tab: Tab, site: Site) -> None:
    """The preview is the engine's (`data-preview`): this proves the links are made so it can show."""
    page = tab.page
    page.goto(site.url("concepts/attention/"))
    link = page.locator('[data-gpulist-definition] a[href*="concepts/"]', has_text="KV cache")
    link.hover()
    expect(page.locator(".md-tooltip2--active")).to_contain_text("Storing keys and values across decoding steps")
    link.click()
    page.wait_for_url("**/concepts/kv-cache/")
    expect(page.locator("h1")).to_contain_text("KV cache")
