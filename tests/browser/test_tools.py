"""The tools in sight (issue 42), in Chromium, both engines: the home page's row of tools in the
first screen, a concept page's jump links and its one "I know this", and a path step's check
questions leading to where they are answered; at 412 and 1280 px, axe in both palettes.

The fixture's concepts: attention has questions and the transformer calculator; kv-cache has
the KV cache calculator and measurements, and no questions; cuda the roofline calculator.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.axe_kit import CLEAN, in_both_schemes, violations
from tests.browser.conftest import Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.reader_kit import open_bound

PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 800}
SIZES = {"412 px": PHONE, "1280 px": DESKTOP}
TOOLS = "nav.gpulist-tools"
# Where a jump link's target sits once the page has scrolled to it: below the sticky header, in view.
TARGET_TOP = """(id) => {
  const target = document.getElementById(id);
  const header = document.querySelector('.md-header');
  return {top: target.getBoundingClientRect().top, header: header ? header.getBoundingClientRect().bottom : 0,
          height: window.innerHeight};
}"""


def _opened(browser: Any, size: dict[str, int], **options: Any) -> Tab:
    touch = {"is_mobile": True, "has_touch": True} if size is PHONE else {}
    return open_tab(browser, viewport=size, **touch, **options)


@pytest.mark.parametrize("size", SIZES)
def test_the_first_tool_link_is_in_the_first_screen(browser: Any, site: Site, size: str) -> None:
    viewport = SIZES[size]
    tab = _opened(browser, viewport)
    try:
        page = tab.page
        open_bound(page, site.url())
        links = page.locator(f"{TOOLS} a")
        expect(links).to_have_text(["Concepts and map", "Review", "GPU numbers", "Labs", "roofline",
                                    "KV cache", "transformer"])
        box = links.first.bounding_box()
        assert box and 0 < box["y"] and box["y"] + box["height"] <= viewport["height"], box
        assert box["y"] < page.locator("[data-gpulist-next-step]").bounding_box()["y"]
        print(f"\n[figure] {site.engine} {size}: first tool link bottom at {box['y'] + box['height']:.0f} px "
              f"of {viewport['height']}")
        if viewport is PHONE:  # a touch screen: each link a 44 px target
            heights = [links.nth(i).bounding_box()["height"] for i in range(links.count())]
            assert min(heights) >= 44, heights
        assert tab.errors == [] and tab.offsite == []
    finally:
        tab.page.context.close()


def test_a_tool_link_swaps_its_page_in(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url())
    mark_document(page)
    page.locator(f"{TOOLS} a", has_text="KV cache").click()
    page.wait_for_url(at(site.url("concepts/kv-cache/#calculator")))
    expect(page.locator("[data-gpulist-calc='kv-cache']")).to_be_visible()
    assert same_document(page), "the tool's page was loaded, not swapped in"


def _jump_and_check(page: Page, label: str, target: str) -> None:
    page.locator("nav.gpulist-jump a", has_text=label).click()
    page.wait_for_function(f"location.hash === '#{target}'")
    page.wait_for_function(f"""() => {{ const r = document.getElementById('{target}').getBoundingClientRect();
        const h = document.querySelector('.md-header'); return r.top >= (h ? h.getBoundingClientRect().bottom : 0) - 1
        && r.top < window.innerHeight / 2; }}""")
    where = page.evaluate(TARGET_TOP, target)
    assert where["header"] - 1 <= where["top"] < where["height"] / 2, (label, where)


@pytest.mark.parametrize("size", SIZES)
def test_jump_links_reach_each_part_below_the_header(browser: Any, site: Site, size: str) -> None:
    """After an instant navigation from the home page, as a reader arrives: the links are bound to
    nothing but the browser, so they must work in a page swapped in as in one loaded."""
    tab = _opened(browser, SIZES[size])
    try:
        page = tab.page
        open_bound(page, site.url())
        mark_document(page)
        page.locator(f"{TOOLS} a", has_text="transformer").click()  # to concepts/attention/#calculator
        page.wait_for_url(at(site.url("concepts/attention/#calculator")))
        expect(page.locator("nav.gpulist-jump a")).to_have_text(["Definition", "Calculator", "Check yourself"])
        for label, target in (("Check yourself", "check"), ("Definition", "definition"), ("Calculator", "calculator")):
            page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
            _jump_and_check(page, label, target)
        assert same_document(page) and tab.errors == []
    finally:
        tab.page.context.close()


def test_i_know_this_is_once_a_page_says_what_it_does_and_binds_after_navigation(tab: Tab, site: Site) -> None:
    """attention (questions: the control under "Check yourself"), then kv-cache (none: near the
    top), each swapped in from the home page's tools: bound on every page change."""
    page = tab.page
    open_bound(page, site.url())
    mark_document(page)
    for label, concept, in_check in (("transformer", "attention", True), ("KV cache", "kv-cache", False)):
        page.locator(f"{TOOLS} a", has_text=label).click()
        page.wait_for_url(at(site.url(f"concepts/{concept}/#calculator")))
        button = page.locator("button[data-gpulist-know]")
        expect(button).to_have_count(1)
        expect(button).to_be_visible()
        assert page.locator("#check button[data-gpulist-know], .gpulist-check button[data-gpulist-know]").count() == in_check
        effect = page.locator("[data-gpulist-know-effect]")
        expect(effect).to_have_count(1)
        expect(effect).to_be_visible()
        expect(effect).to_contain_text("counts as covered")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "false")
        page.go_back()
        page.wait_for_url(at(site.url()))
    assert same_document(page) and tab.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_a_path_step_leads_to_its_check_questions(browser: Any, site: Site, size: str) -> None:
    tab = _opened(browser, SIZES[size])
    try:
        page = tab.page
        open_bound(page, site.url("paths/first-steps/"))
        mark_document(page)
        step = page.locator("ol.gpulist-path > li[data-gpulist-entry='flashattention-2']")
        folded = step.locator("details.gpulist-step-check")
        expect(folded.locator("summary")).to_have_text("Check yourself: 2 questions on Attention")
        expect(folded.locator("li").first).to_be_hidden()
        folded.locator("summary").click()
        expect(folded.locator("li")).to_have_count(2)
        expect(folded.locator("li").first).to_be_visible()
        assert step.locator("details").count() == 1
        expect(page.locator("ol.gpulist-path > li[data-gpulist-entry='vllm'] details")).to_have_count(0)
        folded.locator("a", has_text="Attention").click()
        page.wait_for_url(at(site.url("concepts/attention/#check")))
        expect(page.locator("#check")).to_be_in_viewport()
        expect(page.locator("button[data-gpulist-know]")).to_be_visible()  # the page's one control, here
        assert same_document(page) and tab.errors == []
    finally:
        tab.page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_new_parts_pass_axe_in_both_palettes(browser: Any, site: Site, size: str) -> None:
    """The tools row, the jump links, the know line and an open step's questions, light and dark."""
    tab = _opened(browser, SIZES[size], color_scheme="light")
    try:
        page = tab.page
        parts = {"": [TOOLS], "concepts/attention/": ["nav.gpulist-jump", ".gpulist-know-line"],
                 "paths/first-steps/": ["ol.gpulist-path"]}
        for path, include in parts.items():
            open_bound(page, site.url(path))
            if path.startswith("paths"):
                page.locator("details.gpulist-step-check summary").first.click()
            found = in_both_schemes(page, check=lambda p, inc=include: violations(p, include=inc), back=True)
            assert found == CLEAN, (path, found)
        assert tab.errors == []
    finally:
        tab.page.context.close()
