"""axe-core for the browser tests: its WCAG findings on a page, in both of the site's palettes.

axe-core comes bundled with axe-playwright-python (pinned in the test extra) and is injected
into the page: nothing is fetched. test_accessibility checks every page type with it; the
reader's and progress tests check their controls in use with the same helpers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from axe_playwright_python.sync_playwright import Axe

SCHEMES = {"light": "default", "dark": "slate"}  # the reader's scheme -> the theme's palette
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]},
             "resultTypes": ["violations"]}
CLEAN = {scheme: [] for scheme in SCHEMES}
AXE = Axe()


def settle(page: Any) -> None:
    """Wait for the page's finite CSS transitions and animations to end. axe blends a colour with
    its opacity, so text caught mid-fade fails contrast: Material fades the header's title
    between the site name and the page title (opacity, 150 ms) as a page loads or scrolls, and
    a check that started inside those 150 ms read its white at 58% on the green bar (CI, once)."""
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
        .map(a => a.finished.catch(() => null)))""")


def violations(page: Any, options: dict[str, Any] = WCAG_A_AA, include: list[str] | None = None) -> list[str]:
    """One line per failing element: rule, element and axe's explanation; within the elements
    `include` selects, if given, else the whole page."""
    context = {"include": [[selector] for selector in include]} if include else None
    settle(page)
    found = AXE.run(page, context=context, options=options).response["violations"]
    return [f"{v['id']}: {node['target']}: {(node.get('failureSummary') or '').splitlines()[-1].strip()}"
            for v in found for node in v["nodes"]]


def in_both_schemes(page: Any, ready: Callable[[], None] | None = None, check: Callable[[Any], list] = violations,
                    back: bool = False) -> dict[str, list]:
    """axe's findings (`check`) in the light palette the page opened in, then in the dark one,
    switched to with the header's own toggle as a reader would (the palette is the theme's
    stylesheet keyed on `data-md-color-scheme`, so the page need not load twice; that the site
    first picks the reader's `prefers-color-scheme` is a test of test_accessibility). `ready`
    restores a state the switch undoes (the toggle takes focus); `back` returns to the light
    palette, which the theme otherwise keeps for the pages that follow."""
    found = {}
    for scheme in SCHEMES:
        if scheme == "dark":
            page.locator('[data-md-component=palette] label[title="Switch to dark mode"]').click()
            if ready:
                ready()
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES[scheme]
        found[scheme] = check(page)
    if back:
        page.locator('[data-md-component=palette] label[title="Switch to light mode"]').click()
        assert page.evaluate("document.body.dataset.mdColorScheme") == SCHEMES["light"]
    return found
