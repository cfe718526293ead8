"""At a phone's width (412 px) nothing floats over the text, and no page scrolls sideways.

A control fixed over the page (Zensical's table-of-contents button was one) hides whatever text
scrolls under it. The check samples points across the viewport: wherever the page's article has
text under a point, the topmost element there must belong to the article (or be the header
above it), not to something floating on top of it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.browser.conftest import Site, open_tab

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


def test_the_search_dialog_fits_a_phone(browser: Any, site: Site) -> None:
    with phone(browser, site, "topics/attention/") as tab:
        page = tab.page
        page.locator("label.md-header__button[for=__search]").click()  # the phone's search icon
        box = page.locator(site.search_ui.box).first
        box.click()
        box.press_sequentially("attention")
        page.locator(site.search_ui.results).first.wait_for()
        box = box.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert page.evaluate(OVERFLOW) <= 0
