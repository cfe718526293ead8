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
