"""The GPU numbers page (docs/assets/javascripts/gpu-table.js) in Chromium, under both engines:
sorting, the column chooser on a phone, the plain table without JavaScript, and the links from
an architecture's concept page to its rows. Expected orders come from the built page's own
data-value attributes, so the tests follow the fixture's gpus.yml."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Site, Tab, mark_document, open_tab, same_document

READY = "[data-gpulist-gpus][data-ready=true]"


def column_values(page: Page, key: str) -> list[str]:
    """The data-value of column `key`, row by row, in the order shown."""
    return page.evaluate("""key => {
      const heads = [...document.querySelectorAll('[data-gpulist-gpus] thead th')].map(th => th.dataset.key);
      const index = heads.indexOf(key);
      return [...document.querySelectorAll('[data-gpulist-gpus] tbody tr')].map(r => r.children[index].dataset.value);
    }""", key)


def test_a_column_head_sorts_numbers_as_numbers_and_keeps_empty_cells_last(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("gpus/"))
    page.wait_for_selector(READY)
    head = page.locator("[data-gpulist-gpus] th[data-key='memory_bandwidth_gbs']")
    expect(head).to_have_attribute("aria-sort", "none")
    before = column_values(page, "memory_bandwidth_gbs")
    numbers = sorted(float(v) for v in before if v)
    head.locator("button").click()
    expect(head).to_have_attribute("aria-sort", "ascending")
    after = column_values(page, "memory_bandwidth_gbs")
    assert [float(v) for v in after if v] == numbers and after[-1] == ""
    head.locator("button").click()
    expect(head).to_have_attribute("aria-sort", "descending")
    after = column_values(page, "memory_bandwidth_gbs")
    assert [float(v) for v in after if v] == numbers[::-1] and after[-1] == ""
    page.locator("[data-gpulist-gpus] th[data-key='name'] button").click()
    names = column_values(page, "name")
    assert names == sorted(names, key=str.casefold)
    expect(head).to_have_attribute("aria-sort", "none")


def test_a_phone_shows_the_core_columns_and_lets_the_reader_choose(browser: Browser, site: Site) -> None:
    phone = open_tab(browser, viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    try:
        page = phone.page
        page.goto(site.url("gpus/"))
        page.wait_for_selector(READY)
        shown = page.evaluate("[...document.querySelectorAll('[data-gpulist-gpus] thead th')]"
                              ".filter(th => !th.hidden).map(th => th.dataset.key)")
        core = page.evaluate("[...document.querySelectorAll('[data-gpulist-gpus] thead th[data-core]')]"
                             ".map(th => th.dataset.key)")
        assert shown == core and "dense.bf16" in core and "l2_mb" not in shown
        page.locator(".gpulist-columns summary").click()
        page.locator("label[for='gpulist-column-tdp_w']").click()
        expect(page.locator("[data-gpulist-gpus] th[data-key='tdp_w']")).to_be_visible()
        cells = page.locator("[data-gpulist-gpus] tbody td:nth-child(%d)" % (1 + page.evaluate(
            "[...document.querySelectorAll('[data-gpulist-gpus] thead th')].findIndex(th => th.dataset.key === 'tdp_w')")))
        expect(cells.first).to_be_visible()
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        box = page.locator(".gpulist-gpus-scroll")
        assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the table should scroll inside its own box"
        assert phone.errors == []
    finally:
        phone.page.context.close()


def test_without_javascript_the_page_is_a_complete_plain_table(browser: Browser, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False, viewport={"width": 412, "height": 915})
    page = context.new_page()
    page.goto(site.url("gpus/"))
    heads = page.locator("[data-gpulist-gpus] thead th")
    assert heads.count() > 10 and page.locator("[data-gpulist-gpus] thead th:visible").count() == heads.count()
    assert page.locator(".gpulist-columns").count() == 0 and page.locator("button.gpulist-sort").count() == 0
    assert page.locator("#gpu-h100-sxm th").inner_text().startswith("H100 SXM")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    context.close()


def test_an_architecture_page_links_each_gpu_to_its_row(tab: Tab, site: Site) -> None:
    """Followed with instant navigation: the table must start on the swapped-in page (document$)."""
    page = tab.page
    page.goto(site.url("concepts/cuda/"))
    mark_document(page)
    links = page.locator("#gpus + ul a")
    expect(links).to_have_count(2)
    assert links.first.get_attribute("href").endswith("gpus/#gpu-h100-sxm")
    # Clicked where it is, as a reader who has scrolled to it and paused: Playwright's click
    # scrolls first, and Material's section tracking, hearing that scroll, can write the old
    # page's heading (#calculator) onto the new address as it swaps the page in; the theme then
    # looks for that heading on the GPU page and leaves the scroll where it was (4 in 12 runs
    # under load here). A reader's pause lets the tracking settle before the click.
    links.first.dispatch_event("click")
    page.wait_for_selector(READY)
    assert "/gpus/" in page.url  # the hash itself is Material's to update as the reader scrolls
    assert same_document(page), "expected instant navigation, got a full load"
    expect(page.locator("#gpu-h100-sxm")).to_be_in_viewport()


def test_sources_of_a_gpu_are_one_click_from_its_row(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("gpus/"))
    page.locator("#gpu-mi300x th a").first.click()
    expect(page.locator("#sources-mi300x")).to_be_in_viewport()
    items: Any = page.locator("#sources-mi300x + ul li")
    expect(items).to_have_count(1)
    expect(items.first).to_contain_text("AMD Instinct MI300 series microarchitecture")


EDGES = """() => {
  const box = document.querySelector('.gpulist-gpus-scroll').getBoundingClientRect();
  const corner = document.querySelector('[data-gpulist-gpus] thead th').getBoundingClientRect();
  const name = document.querySelector('[data-gpulist-gpus] tbody th').getBoundingClientRect();
  return {boxLeft: box.left, boxTop: box.top, cornerTop: corner.top, nameLeft: name.left,
          nameRight: name.right, nameText: document.querySelector('[data-gpulist-gpus] tbody th a').textContent};
}"""


@pytest.mark.parametrize("width", [412, 1280])
def test_the_header_row_and_gpu_column_stay_whole_and_two_marks_say_why_a_number_is_missing(
        browser: Browser, site: Site, width: int) -> None:
    """Scrolled sideways the GPU column keeps its left edge (it lost "A" of "A100" to the theme's
    wider scroll box); scrolled down the header row stays at the box's top; the column chooser
    names each column with its unit apart ("Memory (GB)", not "MemoryGB"); a number the GPU
    cannot have ("×", not supported) reads apart from one no source gives ("—"), with a legend.
    A short window (360 px) makes the fixture's three rows taller than the box."""
    tab = open_tab(browser, viewport={"width": width, "height": 360})
    page = tab.page
    page.goto(site.url("gpus/"))
    page.wait_for_selector(READY)
    box = page.locator(".gpulist-gpus-scroll")
    box.scroll_into_view_if_needed()
    if width > 500:  # a desktop shows every column: narrow the box so that it scrolls sideways
        box.evaluate("b => { b.style.maxWidth = '420px'; }")
    box.evaluate("b => { b.scrollLeft = 200; b.scrollTop = 120; }")
    assert box.evaluate("b => [b.scrollLeft > 0, b.scrollTop > 0]") == [True, True]
    edges = page.evaluate(EDGES)
    assert abs(edges["nameLeft"] - edges["boxLeft"]) <= 1, edges  # stuck at the box's edge, whole
    assert abs(edges["cornerTop"] - edges["boxTop"]) <= 1, edges  # the header row stays on top
    page.locator(".gpulist-columns summary").click()
    labels = page.locator(".gpulist-columns-list label").all_inner_texts()
    assert "Memory (GB)" in [t.strip() for t in labels] and "Bandwidth (GB/s)" in [t.strip() for t in labels]
    assert not [t for t in labels if "GBs" in t or t.strip().endswith(("GB", "GB/s", "TFLOPS"))], labels
    small = page.locator("#gpu-small-card")
    fp8 = small.locator("td[data-gpulist-missing='not-supported']")
    assert fp8.count() >= 1 and fp8.first.locator("[aria-hidden=true]").inner_text() == "×"
    blank = small.locator("td[data-gpulist-missing='not-in-these-sources']").first
    assert blank.locator("[aria-hidden=true]").inner_text() == "—"
    legend = page.locator("#gpus-legend").inner_text()
    assert "— not in these sources" in legend and "× not supported" in legend
    assert tab.errors == []
    page.context.close()


_PLACES = """id => {
  const row = document.getElementById(id), box = document.querySelector('.gpulist-gpus-scroll');
  const head = document.querySelector('[data-gpulist-gpus] thead');
  return {header: document.querySelector('.md-header').getBoundingClientRect().bottom,
          box: box.getBoundingClientRect().top, head: head.getBoundingClientRect().bottom,
          row: row.getBoundingClientRect().top, rowBottom: row.getBoundingClientRect().bottom,
          scrolled: box.scrollTop, viewport: window.innerHeight};
}"""


@pytest.mark.parametrize("size", [(1280, 360), (412, 360)], ids=["1280", "412"])
def test_a_link_to_a_row_shows_the_row_below_the_head_row_and_the_head_row_below_the_header(
        browser: Browser, site: Site, size: tuple[int, int]) -> None:
    """Issue 42: the browser's own scroll to `#gpu-…` left the row under the table's sticky head row
    and the head row under the site's header. On a short screen the table's box scrolls too."""
    width, height = size
    tab = open_tab(browser, viewport={"width": width, "height": height})
    try:
        page = tab.page
        last = "gpu-small-card"  # the fixture's last row
        page.goto(site.url(f"gpus/#{last}"))
        page.wait_for_selector(READY)
        page.wait_for_function("() => document.readyState === 'complete'")
        page.wait_for_timeout(100)
        at = page.evaluate(_PLACES, last)
        assert abs(at["box"] - at["header"]) <= 1, at
        assert at["row"] >= at["head"] - 1 and at["rowBottom"] <= at["viewport"], at
        assert at["scrolled"] > 0, "the box scrolled to the row (the fixture's table is taller than its box)"
        assert tab.errors == [] and tab.offsite == []
    finally:
        page.context.close()
