"""A page load contacts no host but the site's own: no fonts, CDNs or analytics."""

from __future__ import annotations

from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.conftest import LOCAL_HOST, Site, Tab

PAGES = ["", "start-here/", "topics/attention/", "topics/big-picture/", "concepts/", "concepts/cuda/",
         "paths/", "recent/", "list/", "gpus/"]


def test_no_request_leaves_localhost(tab: Tab, site: Site) -> None:
    page = tab.page
    for path in PAGES:
        page.goto(site.url(path), wait_until="networkidle")
    page.goto(site.url("all-resources/"), wait_until="networkidle")
    page.wait_for_selector("#gpulist-table[data-ready=true]")
    expect(site.search(page, "FlashAttention").first).to_be_attached()
    page.wait_for_load_state("networkidle")

    assert tab.offsite == [], f"requests to other hosts: {tab.offsite}"
    # The recording saw the page's own fetches, including the search worker's.
    paths = {urlsplit(url).path for url in tab.requests}
    assert {"/resources.json", site.search_ui.index} <= paths
    assert {urlsplit(url).hostname for url in tab.requests} == {LOCAL_HOST}


def test_offsite_guard_records_and_blocks(tab: Tab, site: Site) -> None:
    """The guard the test above relies on: an off-host fetch is recorded and never completes."""
    page = tab.page
    page.goto(site.url())
    outcome = page.evaluate(
        "fetch('https://fonts.googleapis.com/css?family=Roboto').then(() => 'loaded', () => 'blocked')"
    )
    assert outcome == "blocked"
    assert tab.offsite == ["https://fonts.googleapis.com/css?family=Roboto"]
