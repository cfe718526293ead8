"""axe-core's WCAG 2 A/AA rules find nothing on any page type, in either palette, on either engine.

axe-core comes bundled with axe-playwright-python (pinned in the test extra) and is injected
into the page: nothing is fetched. The fixture site is built by both engines (conftest), and
each page type is checked in the light and the dark palette, which the site picks from the
reader's `prefers-color-scheme`.
"""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.conftest import Site, open_tab

PAGES = {
    "home": "", "topic": "topics/attention/", "concept page": "concepts/kv-cache/",
    "all resources": "all-resources/", "concept index": "concepts/", "start here": "start-here/",
    "recent": "recent/", "path": "paths/first-steps/", "paths": "paths/", "topics": "topics/",
    "gpu numbers": "gpus/", "roofline calculator": "concepts/cuda/", "transformer calculator": "concepts/attention/",
    "concept map, a chain lit": "concepts/", "book": "book/",
}
SCHEMES = {"light": "default", "dark": "slate"}
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
             "resultTypes": ["violations"]}
AXE = Axe()


def violations(page: Any) -> list[str]:
    """One line per failing element: rule, element and axe's explanation."""
    found = AXE.run(page, options=WCAG_A_AA).response["violations"]
    return [f"{v['id']}: {node['target']}: {(node.get('failureSummary') or '').splitlines()[-1].strip()}"
            for v in found for node in v["nodes"]]


@pytest.fixture(params=SCHEMES, scope="module")
def scheme(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.mark.parametrize("kind", PAGES)
def test_no_wcag_a_aa_violations(browser: Any, site: Site, scheme: str, kind: str) -> None:
    tab = open_tab(browser, viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    try:
        page = tab.page
        page.goto(site.url(PAGES[kind]), wait_until="networkidle")
        if kind == "all resources":
            page.wait_for_selector("#gpulist-table[data-ready=true]")
        if kind == "gpu numbers":
            page.wait_for_selector("[data-gpulist-gpus][data-ready=true]")
            page.locator(".gpulist-columns summary").click()  # the chooser's checkboxes are checked too
        if "calculator" in kind or kind == "concept page":
            page.wait_for_selector("[data-gpulist-calc][data-ready=true]")
        if kind == "concept map, a chain lit":  # the rest of the map dims: still AA
            page.wait_for_function("document.documentElement.dataset.gpulistConceptMap === 'bound'")
            page.locator('[data-gpulist-map-node="fp8"]').focus()
            page.wait_for_selector("[data-gpulist-map][data-gpulist-highlighting]")
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        assert violations(page) == []
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
