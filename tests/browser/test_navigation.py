"""The navigation names each page once: "Start here" is one entry, and the reading paths have a
section of their own that opens with their index page."""

from __future__ import annotations

from typing import Any


from tests.browser.conftest import Site, at, open_tab

NAV_LINKS = """() => [...document.querySelectorAll(".md-sidebar--primary .md-nav__link")]
  .map(a => [a.textContent.trim().replace(/\\s+/g, " "), a.getAttribute("href") || ""])"""


def test_start_here_once_and_the_paths_page_in_the_navigation(browser: Any, site: Site) -> None:
    tab = open_tab(browser, viewport={"width": 1280, "height": 900})
    try:
        page = tab.page
        page.goto(site.url("topics/attention/"), wait_until="networkidle")
        links = page.evaluate(NAV_LINKS)
        assert [text for text, _ in links].count("Start here") == 1
        assert any(text == "All reading paths" and href.rstrip("/").endswith("paths") for text, href in links)
        page.get_by_role("link", name="All reading paths").first.click()
        page.wait_for_url(at("paths/"))
        # Instant navigation changes the address before it swaps the page in: wait for the page.
        page.wait_for_function("(document.querySelector('h1') || {}).textContent.startsWith('Reading paths')")
    finally:
        page.context.close()
