"""A concept page's "Across vendors" table in Chromium, under both engines: it fits a phone and
a desktop without scrolling sideways, axe finds nothing in it in either palette, and its words
link where they should (the vendor's page, or the concept page a vendor's thing has here).

Screenshots of the table at both widths and in both palettes go to GPULIST_SCREENSHOTS when it
is set (a folder), for a person to look at; the assertions do not depend on them.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.axe_kit import CLEAN, in_both_schemes, violations
from tests.browser.conftest import Site, at, open_tab

TABLE = "[data-gpulist-vendors]"
WIDTHS = {"phone": 412, "desktop": 1280}
OVERFLOW = "document.documentElement.scrollWidth - document.documentElement.clientWidth"


def _shoot(page: Any, site: Site, width: str, scheme: str) -> None:
    folder = os.environ.get("GPULIST_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.locator(TABLE).screenshot(path=str(Path(folder) / f"vendors-{site.engine}-{width}-{scheme}.png"))


@pytest.mark.parametrize("width", WIDTHS)
def test_the_vendor_table_fits_and_passes_axe_in_both_palettes(browser: Any, site: Site, width: str) -> None:
    tab = open_tab(browser, viewport={"width": WIDTHS[width], "height": 900}, color_scheme="light")
    page = tab.page
    try:
        page.goto(site.url("concepts/attention/"), wait_until="networkidle")
        table = page.locator(TABLE)
        expect(table.locator("thead th")).to_have_text(["What", "NVIDIA", "AMD", "TPU"])
        expect(table.locator("tbody th")).to_have_text(["Name", "Metric"])
        assert page.evaluate(OVERFLOW) <= 0
        right = table.evaluate("t => t.getBoundingClientRect().right")
        assert right <= WIDTHS[width]
        long_code = table.locator("code", has_text="smsp__sass_average_data_bytes_per_wavefront_mem_shared.pct")
        assert long_code.evaluate("c => c.getBoundingClientRect().right") <= right + 1  # it wraps, never spills
        _shoot(page, site, width, "light")
        found = in_both_schemes(page, check=lambda p: violations(p, include=[TABLE]))
        _shoot(page, site, width, "dark")
        assert found == CLEAN
        assert tab.errors == [] and tab.offsite == []
    finally:
        page.context.close()


def test_a_vendor_word_links_its_concept_page_or_the_vendors_own(browser: Any, site: Site) -> None:
    tab = open_tab(browser, viewport={"width": 1280, "height": 900})
    page = tab.page
    try:
        page.goto(site.url("concepts/attention/"), wait_until="networkidle")
        amd = page.locator(f"{TABLE} tbody tr").first.locator("td").nth(1)
        expect(amd.locator("a", has_text="Local data share (LDS)")).to_have_attribute(
            "href", "https://example.com/amd/glossary/device-hardware.html#term-Local-data-share")
        metrics = page.locator(f"{TABLE} tbody tr").nth(1).locator("td")
        expect(metrics.nth(0)).to_contain_text("Nsight Compute:")
        expect(metrics.nth(1)).to_contain_text("rocprofv3: SQ_LDS_BANK_CONFLICT")
        expect(metrics.nth(1)).to_contain_text("ROCm Compute Profiler: LDS bank conflicts/access")
        expect(metrics.nth(2)).to_have_text("—")  # no TPU profiler metric in the fixture
        amd.locator("a", has_text="KV cache on MI300X").click()
        page.wait_for_url(at("concepts/kv-cache/"))
        assert tab.errors == []
    finally:
        page.context.close()


# The other vendor's word finds the concept first on the real list (issue 45): AMD's glossary
# terms, a TPU's, and a profiler counter's name, each with the page that must come first.
VENDOR_QUERIES = [
    ("wavefront", "concepts/simt/"), ("LDS", "concepts/shared-memory/"), ("local data share", "concepts/shared-memory/"),
    ("VGPR", "concepts/registers/"), ("XCD", "concepts/gpu-architecture/"), ("wavefront scheduler", "concepts/warp-scheduler/"),
    ("work-group", "concepts/thread-blocks/"), ("VMEM", "concepts/shared-memory/"), ("Infinity Fabric", "concepts/interconnects/"),
    ("SQ_LDS_BANK_CONFLICT", "concepts/bank-conflicts/"), ("rocWMMA", "concepts/wmma/"), ("hipStream_t", "concepts/cuda-streams/"),
]


def test_the_other_vendors_word_finds_the_concept_first(tab: Any, real_site: Site) -> None:
    from tests.browser.test_search import ask
    tab.page.goto(real_site.url())
    answers = ask(tab.page, [q for q, _ in VENDOR_QUERIES])
    wrong = {q: (answers[q][1] or [""])[0] for q, target in VENDOR_QUERIES if (answers[q][1] or [""])[0] != target}
    assert wrong == {}
