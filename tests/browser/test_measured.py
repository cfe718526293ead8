"""The labs' results in Chromium, under both engines: a Measured section on a phone, the Labs page,
and the roofline calculator's chart of the lab's points once the reader picks the measured roof.

One page load each per engine: the section is checked whole on one load (its finding, charts with
their titles, the numbers' table, the conditions, the command, text size and axe in both
palettes); the second starts on the Labs page (axe, both palettes) and follows its link to a
concept page by instant navigation, so the chart's script is shown to re-bind. A version 2
record (written by the labs' harness into a scratch copy of the fixture, tests/v2_site.py) is
checked the same way on a phone: its model, error bars, counters and timeline legible, axe
clean in both palettes, and its trace downloadable from the link under the timeline.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from gpulist.publish.engine import ENGINES
from tests.browser.axe_kit import CLEAN, in_both_schemes, violations
from tests.browser.conftest import Site, Tab, _served, mark_document, open_tab, same_document
from tests.fixtures import records_v2
from tests.v2_site import SECTION as V2_SECTION
from tests.v2_site import v2_data

SECTION = '[data-gpulist-measured="memory-bandwidth"]'


def test_a_measured_section_reads_on_a_phone_in_both_palettes(browser: Browser, site: Site) -> None:
    phone = open_tab(browser, viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    try:
        page = phone.page
        page.goto(site.url("concepts/kv-cache/"), wait_until="networkidle")
        section = page.locator(SECTION)
        expect(section.locator(".gpulist-measured-finding")).to_contain_text("A 4 GiB copy reaches 2,935 GB/s")
        charts = section.locator("svg.gpulist-chart[role=img]")
        assert charts.count() == 2
        assert charts.first.locator("title").text_content() == "Memory bandwidth on the H100 SXM: bandwidth against kernel"
        # the chart's text, scaled with the picture to the phone's column: never below 12 px
        sizes = charts.first.evaluate("""svg => [...svg.querySelectorAll('text')]
            .map(t => t.getBoundingClientRect().height)""")
        assert min(sizes) >= 12, sizes
        section.locator("details.gpulist-measured-numbers summary").click()
        table = section.locator("details table").first
        expect(table).to_be_visible()
        expect(table.locator("tbody tr").first).to_contain_text("2,935")
        expect(section.locator("[data-gpulist-conditions]")).to_contain_text("driver 550.54.15, CUDA 12.4")
        expect(section.locator("[data-gpulist-command]")).to_have_text("python labs/run.py --lab memory-bandwidth")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        assert in_both_schemes(page, check=lambda p: violations(p, include=[SECTION])) == CLEAN
        assert phone.errors == []
    finally:
        phone.page.context.close()


def test_the_labs_page_leads_to_the_roofline_and_its_measured_roof(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("labs/"), wait_until="networkidle")
    expect(page.locator("#roofline")).to_be_visible()
    assert in_both_schemes(page, back=True) == CLEAN
    mark_document(page)
    page.locator("#roofline ~ ul a[href$='concepts/cuda/']").first.click()
    root = page.locator("[data-gpulist-calc='roofline']")
    svg = root.locator("svg[data-gpulist-roofline][data-ready=true]")
    expect(svg).to_be_visible()
    assert same_document(page), "expected instant navigation, got a full load"
    kernel = svg.locator("[data-gpulist-kernel]")
    expect(kernel).to_have_attribute("visibility", "visible")
    vendor_y = float(kernel.get_attribute("cy") or "nan")
    root.locator("[name='ceiling']").select_option("measured")
    expect(root.locator("output[name='attainable']")).to_have_attribute("data-value", "740")  # the measured BF16
    expect(kernel).not_to_have_attribute("cy", str(vendor_y))
    assert float(kernel.get_attribute("cy") or "nan") > vendor_y  # lower on the chart: a lower roof
    expect(svg.locator("[data-gpulist-points='h100-sxm']")).to_have_attribute("visibility", "visible")
    root.locator("[name='gpu']").select_option("mi300x")  # nothing measured on it: its vendor roof, no points
    expect(svg.locator("[data-gpulist-points='h100-sxm']")).to_have_attribute("visibility", "hidden")
    expect(svg.locator("[data-gpulist-roof='measured']")).to_have_attribute("points", "")
    assert tab.errors == []


@pytest.fixture(scope="module", params=ENGINES)
def v2_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The fixture site with a version 2 record of the coalescing lab, built and served per engine."""
    data = v2_data(tmp_path_factory.mktemp("v2-data"))
    with _served(tmp_path_factory, f"browser-v2-{request.param}", request.param, data) as (project, base_url):
        yield Site(engine=request.param, root=project / "site", base_url=base_url)


def test_a_v2_record_reads_on_a_phone_with_its_evidence(browser: Browser, v2_site: Site) -> None:
    phone = open_tab(browser, viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    try:
        page = phone.page
        page.goto(v2_site.url("concepts/cuda/"), wait_until="networkidle")
        section = page.locator(V2_SECTION)
        expect(section.locator("[data-gpulist-model] strong")).to_have_text("The model: DRAM access granularity.")
        timeline = section.locator("svg.gpulist-timeline[role=img]")
        expect(timeline).to_be_visible()
        assert timeline.locator("title").text_content() == ("Coalescing on the H100 SXM: 6 adds launched one by one "
                                                             "from Python, as the profiler recorded it")
        for svg in (timeline, section.locator("svg.gpulist-chart").first):
            sizes = svg.evaluate("svg => [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height)")
            assert min(sizes) >= 12, sizes
        bars = section.locator("svg.gpulist-chart .gpulist-chart-spread")
        assert bars.count() >= 3 and bars.first.evaluate("e => getComputedStyle(e).strokeWidth") == "1.5px"
        expect(section.locator("[data-gpulist-counters=measured] tbody tr").first).to_contain_text("byte")
        section.locator("details.gpulist-measured-numbers summary").click()
        expect(section.locator("details table").first).to_contain_text("0.97 × the model")
        link = section.locator("a[download]")
        response = page.request.get(link.evaluate("a => a.href"))
        assert response.ok and response.body() == records_v2.trace().data
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways by {overflow}px"
        assert in_both_schemes(page, check=lambda p: violations(p, include=[V2_SECTION])) == CLEAN
        assert phone.errors == []
    finally:
        phone.page.context.close()
