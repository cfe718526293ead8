"""Rough edges a newcomer hit (issue 36), each checked as a reader meets it, under both engines
at a phone's width (412 px) and a desktop's (1280 px). One page load serves every check of a
page, so that the suite stays within its time."""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from gpulist.cli import main as gpulist_main
from tests.browser.conftest import FIXTURE, LOCAL_HOST, REPO, Site, _QuietHandler, open_tab

WIDTHS = [412, 1280]

# Every control of the page smaller than 24 x 24 px (WCAG 2.5.8), unless the rule's spacing
# exception holds: a 24 px circle on its centre meets no other control. Inline links in running
# text are exempt by the rule, and so are controls hidden from view.
SMALL_TARGETS = """(selector) => {
  const controls = [...document.querySelectorAll(selector)].filter(e => {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
  });
  // A box or radio inside its label is targeted by the whole label, as a click on it toggles the box.
  const target = e => (e.matches('input[type=checkbox], input[type=radio]') && e.closest('label')) || e;
  return controls.map(e => [target(e), target(e).getBoundingClientRect()]).filter(([, r]) => r.width < 24 || r.height < 24)
    .map(([e, r]) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent || e.value || '').trim().slice(0, 30)}"`
      + ` ${Math.round(r.width)}x${Math.round(r.height)}`);
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_book_index_has_a_letter_bar_that_stays_and_lands_below_itself(browser: Browser, site: Site,
                                                                             width: int) -> None:
    """A letter bar ([data-gpulist-az]) of the letters with terms, each a 24 px target at least,
    still on screen after a long scroll; a letter jumps to its heading, shown below the bar."""
    tab = open_tab(browser, viewport={"width": width, "height": 700})
    page = tab.page
    page.goto(site.url("book/"))
    bar = page.locator("[data-gpulist-az]")
    letters = bar.locator("a").all_inner_texts()
    headings = page.locator("article h2[id]").evaluate_all("hs => hs.map(h => h.id)")
    assert letters and [f"#{h}" for h in headings] == bar.locator("a").evaluate_all("as => as.map(a => a.hash)")
    assert page.evaluate(SMALL_TARGETS, "[data-gpulist-az] a") == []
    last = bar.locator("a").last
    target = last.evaluate("a => a.hash")
    last.click()
    heading = page.locator(f"article h2{target}")
    expect(heading).to_be_in_viewport()
    top = heading.evaluate("h => h.getBoundingClientRect().top")
    bottom = bar.evaluate("b => b.getBoundingClientRect().bottom")
    assert bottom > 0 and top >= bottom - 1, (top, bottom)  # the bar stays, the heading below it
    assert tab.errors == []
    page.context.close()


@pytest.fixture(scope="session")
def default_build(site: Site, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The fixture catalog built as `make site` builds: no site URL (no --site-url, no
    GPULIST_SITE_URL, no origin remote in the scratch project), served; its address."""
    project = tmp_path_factory.mktemp(f"default-build-{site.engine}")
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", project / "overrides")
    shutil.copytree(REPO / "docs" / "assets", project / "docs" / "assets")
    shutil.copytree(FIXTURE, project / "data")
    with pytest.MonkeyPatch.context() as env:
        for name in ("GPULIST_SITE_URL", "GITHUB_REPOSITORY", "GITHUB_ACTIONS", "GITHUB_SERVER_URL"):
            env.delenv(name, raising=False)
        assert gpulist_main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml"),
                             "--engine", site.engine]) == 0
    server = http.server.ThreadingHTTPServer((LOCAL_HOST, 0), functools.partial(_QuietHandler, directory=str(project / "site")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://{LOCAL_HOST}:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_default_build_previews_a_definitions_concept_link(browser: Browser, site: Site, default_build: str,
                                                               width: int) -> None:
    """Built without a site URL the engines wrote an empty sitemap, and the themes preview only
    pages a sitemap lists: hovering "KV cache" in Attention's definition showed nothing.
    Zensical reads the sitemap's paths under wherever the site is served (here, a random port);
    Material under MkDocs keeps the sitemap's port, so its build is opened as a site served at
    a host's root on the default port is (requests to http://127.0.0.1/ answered by the server)."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    page = tab.page
    base = default_build
    if site.engine == "mkdocs":
        base = f"http://{LOCAL_HOST}/"
        page.route(base + "**", lambda route: route.fulfill(
            response=route.fetch(url=route.request.url.replace(base, default_build, 1))))
    page.goto(base + "concepts/attention/")
    page.wait_for_load_state("networkidle")
    link = page.locator('[data-gpulist-definition] a[href*="kv-cache"]').first
    link.hover()
    expect(page.locator(".md-tooltip2--active")).to_contain_text("Storing keys and values across decoding steps")
    assert tab.errors == []
    page.context.close()


# Words of the local map's nodes that the browser broke across lines: a word drawn as more
# than one box (one per line it spans).
BROKEN_WORDS = """() => [...document.querySelectorAll('[data-gpulist-local-map] .gpulist-local-node')].flatMap(node => {
  const text = node.firstChild, broken = [];
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  for (const m of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
    const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) broken.push(m[0]);
  }
  return broken;
})"""


@pytest.mark.parametrize("width", WIDTHS)
def test_the_local_map_keeps_words_whole_says_what_it_shows_and_its_nodes_are_targets(
        browser: Browser, site: Site, width: int) -> None:
    """At 412 px a four-column map left 70 px a node and broke "FlashAtte ntion": the columns
    stack there, in reading order. Every node is a 24 px target; the caption names only what
    the map draws (Attention has prerequisites and unlocks KV cache)."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    page = tab.page
    page.goto(site.url("concepts/attention/"))
    figure = page.locator("[data-gpulist-local-map]")
    # The longest title the fixture has, put in a node as a phone must show it.
    figure.locator(".gpulist-local-node[aria-current]").evaluate(
        "n => { n.textContent = 'FlashAttention Transformer Arithmetic'; }")
    assert page.evaluate(BROKEN_WORDS) == []
    assert page.evaluate(SMALL_TARGETS, "[data-gpulist-local-map] a") == []
    order = figure.locator("ul").evaluate_all("us => us.map(u => u.getAttribute('aria-label'))")
    tops = figure.locator("ul").evaluate_all("us => us.map(u => u.getBoundingClientRect().top)")
    if width < 500:
        assert tops == sorted(tops) and len(set(tops)) == len(tops), tops  # stacked, first things first
    expect(figure.locator("figcaption")).to_have_text("Where Attention sits: what to understand before it, and what it unlocks.")
    assert order == ["Understand first", "This concept", "Unlocks"]
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0 and tab.errors == []
    page.context.close()


def _requires(site: Site) -> dict[str, list[str]]:
    import json
    return {c["id"]: c["requires"] for c in json.loads((site.root / "concepts.json").read_text())["concepts"]}


def _followable(chain: list[str], requires: dict[str, list[str]], last: str) -> bool:
    """Each concept after every prerequisite it has, the chosen one last, and all its prerequisites there."""
    place = {c: i for i, c in enumerate(chain)}
    needed, stack = set(), [last]
    while stack:
        for r in requires.get(stack.pop(), []):
            if r not in needed:
                needed.add(r)
                stack.append(r)
    return (chain[-1] == last and set(chain[:-1]) == needed
            and all(place[r] < place[c] for c in chain for r in requires.get(c, []) if r in place))


def test_the_concept_map_shows_a_chain_by_touch_as_a_list_to_follow(browser: Browser, site: Site) -> None:
    """On a phone: "What do I need before…" lists the chosen concept's prerequisites, each before
    what needs it ([data-gpulist-chain]); a tap on a node chooses it (it opened the page), a
    second tap opens it; the menu and the list's links are 24 px targets."""
    tab = open_tab(browser, viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    page = tab.page
    page.goto(site.url("concepts/"))
    page.wait_for_selector("html[data-gpulist-concept-map=bound]")
    requires = _requires(site)
    deepest = max(requires, key=lambda c: len(requires[c]) + sum(len(requires.get(r, [])) for r in requires[c]))
    menu = page.locator("[data-gpulist-chain-form] select")
    menu.tap()  # the menu is filled with the concepts when first reached
    menu.select_option(deepest)
    chain = page.locator("[data-gpulist-chain] a").evaluate_all(
        "as => as.map(a => new URL(a.href).pathname.split('/').filter(Boolean).pop())")
    assert len(chain) > 1 and _followable(chain, requires, deepest), chain
    assert page.evaluate(SMALL_TARGETS, "[data-gpulist-chain] a, [data-gpulist-chain-form] select") == []
    node = page.locator(f"[data-gpulist-map-node='{chain[-2]}']")
    node.scroll_into_view_if_needed()
    node.tap()
    expect(page.locator("[data-gpulist-chain-form] select")).to_have_value(chain[-2])
    assert page.url.rstrip("/").endswith("concepts") and node.get_attribute("data-gpulist-highlight") == "self"
    again = page.locator("[data-gpulist-chain] a").evaluate_all(
        "as => as.map(a => new URL(a.href).pathname.split('/').filter(Boolean).pop())")
    assert _followable(again, requires, chain[-2]), again
    node.tap()
    page.wait_for_url(f"**/concepts/{chain[-2]}/**")
    assert tab.errors == []
    page.context.close()


def test_on_a_desktop_scrolling_leaves_the_chain_lit_where_the_pointer_was(browser: Browser, site: Site) -> None:
    """The page scrolling a node under a pointer that did not move used to light that node's
    chain; only a pointer that moves re-aims it. The menu works with a mouse too."""
    tab = open_tab(browser, viewport={"width": 1280, "height": 500})
    page = tab.page
    page.goto(site.url("concepts/"))
    page.wait_for_selector("html[data-gpulist-concept-map=bound]")
    boxes = page.locator("[data-gpulist-map-node]").evaluate_all(
        "ns => ns.map(n => [n.dataset.gpulistMapNode, n.getBoundingClientRect().left, n.getBoundingClientRect().top])")
    upper, lower = next((a, b) for a in boxes for b in boxes if a[1] == b[1] and b[2] > a[2])  # one layer, stacked
    page.locator(f"[data-gpulist-map-node='{upper[0]}']").scroll_into_view_if_needed()
    top = page.locator(f"[data-gpulist-map-node='{upper[0]}']").bounding_box()
    assert top
    page.mouse.move(top["x"] + 5, top["y"] + 5)
    lit = "document.querySelector('[data-gpulist-highlight=self]')?.dataset.gpulistMapNode ?? null"
    assert page.evaluate(lit) == upper[0]
    page.mouse.wheel(0, lower[2] - upper[2])
    page.wait_for_function(f"document.elementFromPoint({top['x'] + 5}, {top['y'] + 5})?.dataset?.gpulistMapNode === '{lower[0]}'")
    page.wait_for_timeout(200)  # the hover update a scroll brings
    assert page.evaluate(lit) == upper[0]
    page.mouse.move(top["x"] + 6, top["y"] + 6)  # the reader moves: the node now under the pointer lights
    assert page.evaluate(lit) == lower[0]
    page.locator("[data-gpulist-chain-form] select").focus()
    page.locator("[data-gpulist-chain-form] select").select_option(upper[0])
    expect(page.locator("[data-gpulist-chain] a[aria-current]")).to_have_count(1)
    assert tab.errors == []
    page.context.close()


CONTROLS = ("article select, article button, article summary, article input:not([type=hidden]), "
            "article label.gpulist-import, [data-gpulist-az] a")


@pytest.mark.parametrize("width", WIDTHS)
def test_home_speaks_to_readers_links_its_exports_and_its_controls_are_targets(
        browser: Browser, site: Site, width: int) -> None:
    """The home page: no workshop talk ("kept as data", "link-checked", a 15% cap, "the
    guide"), README.md and gpulist.bib linked and served, the next step's box named "First
    step" (not the Start here page's name) with a 44 px menu, and no control under 24 px."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    page = tab.page
    page.goto(site.url(""))
    page.wait_for_selector("[data-gpulist-next-step] .gpulist-status")
    text = page.locator("article").inner_text()
    assert [w for w in ("kept as data", "link-checked", "15%", "the guide", "guide's") if w in text] == []
    for name, holds in (("README.md", "# "), ("gpulist.bib", "@misc{")):
        link = page.locator(f"article a:text-is('{name}')")
        response = page.request.get(link.evaluate("a => a.href"))
        assert response.ok and holds in response.text(), name
    expect(page.locator(".gpulist-step-lead")).to_have_text("First step")
    menu = page.locator("[data-gpulist-next-step] .gpulist-status").bounding_box()
    assert menu and menu["height"] >= 44, menu
    page.locator("[data-gpulist-ready] li").first.wait_for()
    assert page.evaluate(SMALL_TARGETS, CONTROLS) == []
    assert tab.errors == []
    page.context.close()


@pytest.mark.parametrize("width", WIDTHS)
def test_one_name_for_the_toggle_and_one_place_for_the_home_pages_blocks(
        browser: Browser, site: Site, width: int) -> None:
    """A concept's toggle is "I know this" wherever it shows, and its cards' menus are 24 px
    targets; Start here lists first reads and links the paths, without the home page's blocks."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    page = tab.page
    page.goto(site.url("concepts/attention/"))
    page.wait_for_selector("article .gpulist-status")
    # Each definition link's text is a name of the concept it leads to: its title, id or an alias.
    import json
    from gpulist.concept_names import words
    concepts = {c["id"]: c for c in json.loads((site.root / "concepts.json").read_text())["concepts"]}
    links = page.locator("[data-gpulist-definition] a[href*='concepts/']").evaluate_all(
        "as => as.map(a => [a.textContent, new URL(a.href).pathname.split('/').filter(Boolean).pop()])")
    assert links, "the fixture's Attention definition links concepts"
    for text, target in links:
        names = {words(n) for n in [concepts[target]["title"], target, *concepts[target]["aliases"]]}
        assert words(text) in names, (text, target)
    labels = page.locator("[data-gpulist-know]").all_inner_texts()
    assert labels == ["I know this"], labels  # once a page (issue 42), under "Check yourself"
    assert "I can answer these" not in page.content()
    assert page.evaluate(SMALL_TARGETS, CONTROLS) == []
    page.goto(site.url("start-here/"))
    page.wait_for_selector("article .gpulist-status")
    assert page.locator("[data-gpulist-path-choice], [data-gpulist-next], [data-gpulist-progress-tools]").count() == 0
    assert page.locator("article a[href*='paths/']").count() >= 1
    assert page.evaluate(SMALL_TARGETS, CONTROLS) == []
    for where, ready in (("topics/attention/", "article .gpulist-status"), ("all-resources/", "#gpulist-table[data-ready=true]")):
        page.goto(site.url(where))
        page.wait_for_selector(ready)
        page.locator("form[data-gpulist-filters] summary").first.click()  # the folded filter fields, open
        assert page.evaluate(SMALL_TARGETS, CONTROLS) == [], where
    assert tab.errors == []
    page.context.close()
