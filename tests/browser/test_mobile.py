"""At a phone's width (412 px) nothing floats over the text, and no page scrolls sideways.

A control fixed over the page (Zensical's table-of-contents button was one) hides whatever text
scrolls under it. The check samples points across the viewport: wherever the page's article has
text under a point, the topmost element there must belong to the article (or be the header
above it), not to something floating on top of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Site, at, open_tab

PHONE = {"width": 412, "height": 915}
PAGES = {"home": "", "topic": "topics/attention/", "concept page": "concepts/kv-cache/",
         "start here": "start-here/", "path": "paths/first-steps/", "concept index": "concepts/",
         "recent": "recent/", "all resources": "all-resources/"}

# Points in a grid below the header; for each, is there article text under something else?
COVERED = """() => {
  const header = document.querySelector(".md-header");
  const top = header ? header.getBoundingClientRect().bottom + 1 : 0;
  const hits = [];
  for (let y = top; y < window.innerHeight; y += 23) {
    for (let x = 4; x < window.innerWidth; x += 17) {
      const stack = document.elementsFromPoint(x, y);
      const text = stack.findIndex(e => e.closest("article") && e.closest("article") !== e &&
                                        /\\S/.test(e.textContent || ""));
      if (text > 0 && !stack[0].closest("article")) hits.push(`${x},${y}: ${stack[0].className}`);
    }
  }
  return hits;
}"""
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


@contextmanager
def phone(browser: Any, site: Site, path: str) -> Iterator[Any]:
    """A page of the site opened at a phone's size, closed afterwards whatever happens."""
    tab = open_tab(browser, viewport=PHONE)
    try:
        tab.page.goto(site.url(path), wait_until="networkidle")
        yield tab
    finally:
        tab.page.context.close()


@pytest.mark.parametrize("kind", PAGES)
def test_nothing_floats_over_the_text_and_nothing_scrolls_sideways(browser: Any, site: Site, kind: str) -> None:
    with phone(browser, site, PAGES[kind]) as tab:
        page = tab.page
        page.wait_for_function("document.documentElement.dataset.gpulistReader === 'bound'")
        for y in (0, 600, 1800):  # the top, and further down where the article fills the screen
            page.evaluate(f"window.scrollTo(0, {y})")
            page.wait_for_timeout(50)
            assert page.evaluate(COVERED) == [], f"{kind} scrolled to {y}"
        assert page.evaluate(OVERFLOW) <= 0
        assert tab.errors == []


def test_the_check_catches_a_control_over_the_text(browser: Any, site: Site) -> None:
    """The test above can fail: a fixed button over the article is reported."""
    with phone(browser, site, "topics/attention/") as tab:
        page = tab.page
        page.evaluate("""() => { const b = document.createElement("button"); b.textContent = "floating";
            b.style.cssText = "position:fixed;right:8px;bottom:40px;width:60px;height:60px";
            document.body.appendChild(b); }""")
        assert page.evaluate(COVERED) != []


def test_the_search_opens_fits_and_answers_a_touch_on_a_phone(browser: Any, site: Site) -> None:
    """Tapped as a phone's reader would: the header's search button opens the box over the
    header, focused; the results fill the screen under it; a tapped result opens its page."""
    tab = open_tab(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page = tab.page
        page.goto(site.url("topics/attention/"), wait_until="networkidle")
        page.locator("label.md-header__button[for=__search]").tap()  # the phone's search icon
        box = page.locator(site.search_ui.box).first
        expect(box).to_be_focused()
        box.press_sequentially("kv cache")
        first = page.locator(site.search_ui.results).first
        expect(first).to_have_attribute("href", re.compile("concepts/kv-cache/$"), timeout=10_000)
        panel = page.locator("[data-gpulist-search-panel]").bounding_box()
        field = box.bounding_box()
        assert field is not None and field["x"] >= 0 and field["x"] + field["width"] <= PHONE["width"]
        assert panel is not None and panel["x"] == 0 and panel["width"] == PHONE["width"]
        assert panel["y"] + panel["height"] <= PHONE["height"] + 1
        assert page.evaluate(OVERFLOW) <= 0
        first.tap()
        page.wait_for_url(at("concepts/kv-cache/"))
        expect(page.locator("[data-gpulist-search-panel]")).to_be_hidden()
        assert tab.errors == []
    finally:
        tab.page.context.close()


# The real list's longest title (139 characters) and most concepts on one entry (16), on one row.
LONG_TITLE = ("A Gentle Introduction to 8-bit Matrix Multiplication for transformers at scale using Hugging Face "
              "Transformers, Accelerate and bitsandbytes")
ROWS = """rows => rows.map(r => { const box = r.getBoundingClientRect();
  return {display: getComputedStyle(r).display, height: box.height, left: box.left, right: box.right,
          cells: [...r.cells].filter(c => c.checkVisibility()).map(c => c.getBoundingClientRect().right)}; })"""


def test_all_resources_is_a_readable_list_on_a_phone(browser: Any, site: Site) -> None:
    """At 412 px each entry is one block: no sideways scroll, no row taller than 240 px, even the
    longest title with the most concepts; the filters and the sort buttons fit the screen too."""
    def longest(route: Any) -> None:
        data = route.fetch().json()
        worst = {**data["resources"][0], "id": "longest-row", "title": LONG_TITLE, "year": 2023, "effort": "afternoon",
                 "tags": [f"concept-number-{n}" for n in range(16)]}
        data["resources"].append(worst)
        route.fulfill(json=data)

    tab = open_tab(browser, viewport=PHONE)
    try:
        page = tab.page
        page.route("**/resources.json", longest)
        page.goto(site.url("all-resources/"), wait_until="networkidle")
        page.wait_for_selector("#gpulist-table[data-ready=true]")
        page.evaluate("gpulist.store.setStatus('longest-row', 'reading')")
        rows = page.locator("#gpulist-table tbody tr").evaluate_all(ROWS)
        assert len(rows) == len(site.resources) + 1
        for row in rows:
            assert row["display"] == "block"
            assert row["height"] <= 240, row
            assert row["left"] >= 0 and row["right"] <= PHONE["width"]
            assert all(right <= PHONE["width"] for right in row["cells"]), row
        assert page.evaluate(OVERFLOW) <= 0
        page.locator("form[data-gpulist-filters] summary").click()
        for control in page.locator("form[data-gpulist-filters] select, form[data-gpulist-filters] input, "
                                    "#gpulist-table th button").all():
            box = control.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate(OVERFLOW) <= 0
        assert tab.errors == []
    finally:
        tab.page.context.close()
