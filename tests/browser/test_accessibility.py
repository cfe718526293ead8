"""axe-core's WCAG 2 A/AA rules find nothing on any page type, in either palette, on either engine;
nor in the filters' states (fields open, nothing left) or All resources as a list on a phone.

axe-core is injected into the page (tests/browser/axe_kit.py). The fixture site is built by
both engines (conftest), and each page type is checked in the light and the dark palette, the
second switched to in the same load with the header's toggle; the site picks the first from the
reader's `prefers-color-scheme`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.axe_kit import CLEAN, SCHEMES, in_both_schemes, violations
from tests.browser.conftest import Site, open_tab

PAGES = {
    "home": "", "topic": "topics/attention/", "concept page": "concepts/kv-cache/",
    "all resources": "all-resources/", "concept index": "concepts/", "start here": "start-here/",
    "recent": "recent/", "path": "paths/first-steps/", "paths": "paths/", "topics": "topics/",
    "gpu numbers": "gpus/", "roofline calculator": "concepts/cuda/", "transformer calculator": "concepts/attention/",
    "concept map, a chain lit": "concepts/", "book": "book/", "labs": "labs/",
    "review, nothing due yet": "review/",
}


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_palette_is_the_readers_scheme(browser: Any, site: Site, scheme: str) -> None:
    tab = open_tab(browser, viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        tab.page.goto(site.url(), wait_until="networkidle")
        assert tab.page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
    finally:
        tab.page.context.close()


def _light_a_chain(page: Any) -> None:
    page.locator('[data-gpulist-map-node="fp8"]').focus()
    page.wait_for_selector("[data-gpulist-map][data-gpulist-highlighting]")


@pytest.mark.parametrize("kind", PAGES)
def test_no_wcag_a_aa_violations(browser: Any, site: Site, kind: str) -> None:
    tab = open_tab(browser, viewport={"width": 1280, "height": 900}, color_scheme="light")
    try:
        page = tab.page
        page.goto(site.url(PAGES[kind]), wait_until="networkidle")
        ready: Callable[[], None] | None = None
        if kind == "all resources":
            page.wait_for_selector("#gpulist-table[data-ready=true]")
        if kind == "gpu numbers":
            page.wait_for_selector("[data-gpulist-gpus][data-ready=true]")
            page.locator(".gpulist-columns summary").click()  # the chooser's checkboxes are checked too
        if "calculator" in kind or kind == "concept page":
            page.wait_for_selector("[data-gpulist-calc][data-ready=true]")
        if kind == "concept map, a chain lit":  # the rest of the map dims: still AA
            page.wait_for_function("document.documentElement.dataset.gpulistConceptMap === 'bound'")
            ready = functools.partial(_light_a_chain, page)
            ready()
        assert in_both_schemes(page, ready) == CLEAN
        assert tab.errors == []
    finally:
        page.context.close()


def test_axe_reports_what_it_should(browser: Any, site: Site) -> None:
    """The check above can fail: grey on white and a link told apart by colour alone are caught."""
    tab = open_tab(browser, viewport={"width": 1280, "height": 900})
    try:
        page = tab.page
        page.goto(site.url("topics/attention/"), wait_until="networkidle")
        page.evaluate("""() => {
          const p = document.createElement('p');
          p.innerHTML = 'Plain text and <a href="#x" style="text-decoration:none;color:#303030">a link</a>.';
          p.style.color = '#000000';
          const faint = document.createElement('p');
          faint.textContent = 'Faint text';
          faint.style.color = '#cccccc';
          document.querySelector('.md-content article, .md-content').append(p, faint);
        }""")
        rules = {line.split(":")[0] for line in violations(page)}
        assert {"color-contrast", "link-in-text-block"} <= rules
    finally:
        page.context.close()


# The filters' states and the table's phone layout, in both palettes: the fields open with their
# counts, the empty state with its Clear, the table as a list of blocks at 412 px with a mark set.
PHONE = {"width": 412, "height": 915}
DESKTOP = {"width": 1280, "height": 900}
STATES = {
    "all resources, fields open": ("all-resources/?type=paper,code&tag=cuda", DESKTOP),
    "all resources at 412 px": ("all-resources/", PHONE),
    "all resources, nothing left": ("all-resources/?type=video", DESKTOP),
    "topic, nothing left": ("topics/attention/?type=video", DESKTOP),
    "topic, nothing left at 412 px": ("topics/attention/?type=video", PHONE),
}


@pytest.mark.parametrize("state", STATES)
def test_filter_states_pass_axe(browser: Any, site: Site, state: str) -> None:
    path, viewport = STATES[state]
    tab = open_tab(browser, viewport=viewport, color_scheme="light")
    try:
        page = tab.page
        page.add_init_script("localStorage.setItem('gpulist.progress.v2', JSON.stringify({version: 2, marks: {"
                             "'flashattention-2': {status: 'read', at: '2025-01-01T00:00:00.000Z'}, "
                             "'pmpp-book': {status: 'reading', at: '2025-01-01T00:00:00.000Z'}}}))")
        page.goto(site.url(path), wait_until="networkidle")
        page.wait_for_function("document.documentElement.dataset.gpulistReader === 'bound'")
        if path.startswith("all-resources/"):
            page.wait_for_selector("#gpulist-table[data-ready=true]", state="attached")  # empty when nothing is left
        if "nothing left" in state:
            expect(page.locator("[data-gpulist-filters-empty]")).to_be_visible()
        else:
            assert page.locator("#gpulist-table tbody tr").count() > 0
        assert in_both_schemes(page) == CLEAN
        assert tab.errors == []
    finally:
        page.context.close()
