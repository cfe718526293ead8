"""Concept pages and the concept map in Chromium, under both engines: progress on a concept
page follows its first reads, and the map's node for the concept is shaded to match."""

from __future__ import annotations

import itertools

from playwright.sync_api import Browser, expect

from tests.browser.conftest import Site, Tab, at, open_tab
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
    expect(nodes).to_have_count(5)  # the fixture's concepts: cuda, attention, kv-cache, fp8, kv-cache-eviction
    assert nodes.first.get_attribute("data-gpulist-state") is None  # no script, no shading
    page.locator("[data-gpulist-map-node=kv-cache]").click()
    page.wait_for_url(at("concepts/kv-cache/"))
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
    page.wait_for_url(at("concepts/kv-cache/"))
    page.locator("[data-gpulist-local-map] a", has_text="Attention").click()
    page.wait_for_url(at("concepts/attention/"))
    context.close()


def test_a_definitions_concept_links_preview_their_concept_and_lead_to_it(tab: Tab, site: Site) -> None:
    """The preview is the engine's (`data-preview`): this proves the links are made so it can show."""
    page = tab.page
    page.goto(site.url("concepts/attention/"))
    link = page.locator('[data-gpulist-definition] a[href*="concepts/"]', has_text="KV cache")
    link.hover()
    expect(page.locator(".md-tooltip2--active")).to_contain_text("Storing keys and values across decoding steps")
    link.click()
    page.wait_for_url(at("concepts/kv-cache/"))
    expect(page.locator("h1")).to_contain_text("KV cache")


def _chain(site: Site, cid: str) -> set[str]:
    """The concept, everything it requires (and so on back), and everything that requires it,
    from concepts.json's `requires`: what the map must light up, computed apart from the script."""
    import json
    requires = {c["id"]: c["requires"] for c in json.loads((site.root / "concepts.json").read_text())["concepts"]}
    unlocks: dict[str, list[str]] = {}
    for child, parents in requires.items():
        for parent in parents:
            unlocks.setdefault(parent, []).append(child)
    found = {cid}
    for graph in (requires, unlocks):
        stack = list(graph.get(cid, []))
        while stack:
            node = stack.pop()
            if node not in found:
                found.add(node)
                stack.extend(graph.get(node, []))
    return found


LIT = "ns => ns.filter(n => n.hasAttribute('data-gpulist-highlight')).map(n => n.dataset.gpulistMapNode).sort()"


def test_the_map_lays_concepts_right_of_what_they_require_and_lights_up_a_chain(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("concepts/"))
    page.wait_for_function("document.documentElement.dataset.gpulistConceptMap === 'bound'")
    nodes = page.locator("[data-gpulist-map-node]")
    boxes = nodes.evaluate_all("ns => Object.fromEntries(ns.map(n => [n.dataset.gpulistMapNode, "
                               "[n.getBoundingClientRect().left, n.getBoundingClientRect().right, n.dataset.gpulistRequires]]))")
    for cid, (left, _, requires) in boxes.items():
        assert all(boxes[r][1] < left for r in requires.split()), cid  # nothing left of... its prerequisites are left
    figure = page.locator("[data-gpulist-map]")
    page.locator('[data-gpulist-map-node="attention"]').focus()  # the keyboard reaches it: a link
    expect(figure).to_have_attribute("data-gpulist-highlighting", "")
    assert nodes.evaluate_all(LIT) == sorted(_chain(site, "attention")) == ["attention", "cuda", "kv-cache",
                                                                           "kv-cache-eviction"]
    assert page.locator('[data-gpulist-edge][data-gpulist-highlight]').evaluate_all(
        "ps => ps.map(p => p.dataset.gpulistEdge).sort()") == ["attention kv-cache", "cuda attention",
                                                               "kv-cache kv-cache-eviction"]
    page.keyboard.press("Escape")
    expect(figure).not_to_have_attribute("data-gpulist-highlighting", "")
    assert nodes.evaluate_all(LIT) == []
    page.locator('[data-gpulist-map-node="fp8"]').hover()
    expect(page.locator('[data-gpulist-map-node="fp8"]')).to_have_attribute("data-gpulist-highlight", "self")
    assert nodes.evaluate_all(LIT) == sorted(_chain(site, "fp8")) == ["cuda", "fp8"]
    page.mouse.move(1, 1)  # off the map: the focused node's chain is not lit either (Escape cleared it)
    expect(figure).not_to_have_attribute("data-gpulist-highlighting", "")


def test_the_map_says_it_scrolls_only_when_it_is_wider_than_its_column(browser: Browser, site: Site) -> None:
    for width, hidden in ((1280, True), (412, False)):
        tab = open_tab(browser, viewport={"width": width, "height": 900})
        page = tab.page
        page.goto(site.url("concepts/"))
        page.wait_for_function("document.documentElement.dataset.gpulistConceptMap === 'bound'")
        scroll = page.locator(".gpulist-map-scroll")
        assert scroll.evaluate("s => s.scrollWidth > s.clientWidth") is not hidden
        expect(page.locator("[data-gpulist-map-hint]")).to_be_hidden() if hidden else \
            expect(page.locator("[data-gpulist-map-hint]")).to_be_visible()
        assert tab.errors == []
        page.context.close()


def test_the_book_index_has_its_own_page_reached_from_the_concepts_and_their_terms(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("concepts/"))
    assert page.locator("text=Structured Sparsity").count() == 0  # the book's terms are no longer here
    page.get_by_role("link", name="a page of its own").click()
    page.wait_for_url(at("book/"))
    expect(page.locator("h1")).to_contain_text("The book's index")
    expect(page.locator("#t-2-4-sparsity")).to_contain_text("Structured Sparsity")
    page.goto(site.url("concepts/kv-cache/"))
    page.locator("#book ~ ul.gpulist-book a", has_text="KV cache").first.click()
    # Material may rewrite the fragment as its section tracking follows the scroll, and an
    # instant navigation fires no load event: the page and the term in view are what count.
    page.wait_for_url(lambda url: "/book/" in url, wait_until="commit")
    expect(page.locator("#t-kv-cache")).to_be_in_viewport()
    page.locator("#t-kv-cache a").click()  # the term leads back to its concept
    page.wait_for_url(at("concepts/kv-cache/"))


# Every long A–Z list, measured rendered, against the room its box keeps while the browser
# skips it off screen (gpulist.site.reserve): a list taller than its room spills over the next,
# and axe then finds their links overlapping (touch targets, WCAG 2.5.8).
ROOMY = """() => [...document.querySelectorAll('ul.gpulist-az')].map(ul => {
  const room = parseFloat(getComputedStyle(ul).containIntrinsicBlockSize.replace('auto', ''));
  ul.style.contentVisibility = 'visible';
  return [ul.previousElementSibling ? ul.previousElementSibling.textContent : '', room, ul.getBoundingClientRect().height];
})"""


def test_the_az_lists_reserve_room_for_all_they_hold_when_skipped(browser: Browser, site: Site) -> None:
    tab = open_tab(browser)
    # The narrowest page of each layout: a small phone's, and the one where the lists' column
    # is narrowest once wide settings apply (60em: a sidebar appears, the concepts take two columns).
    for width, path in itertools.product((320, 961), ("book/", "concepts/")):
        tab.page.set_viewport_size({"width": width, "height": 800})
        tab.page.goto(site.url(path))
        skipped = tab.page.evaluate("getComputedStyle(document.querySelector('ul.gpulist-az')).contentVisibility")
        lists = tab.page.evaluate(ROOMY)
        assert skipped == "auto" and lists
        for heading, room, height in lists:
            assert room >= height > 0, f"{path} {heading!r} at {width} px: {height:.0f} px tall, {room:.0f} px kept"
    assert tab.errors == []
    tab.page.context.close()
