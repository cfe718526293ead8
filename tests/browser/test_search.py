"""Material's search finds an entry through its H3: by title, by author and by tag."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Site, Tab


FA3 = ("topics/attention/#flashattention-3", "FlashAttention-3: Fast and Accurate Attention")
PMPP = ("topics/fundamentals/#pmpp-book", "Programming Massively Parallel Processors")


def result_link(anchor: str) -> str:
    """Material adds `?h=<terms>` between page and anchor: match the two parts separately."""
    path, fragment = anchor.split("#")
    return f'.md-search-result__list a[href*="/{path}"][href$="#{fragment}"]'


@pytest.mark.parametrize(
    ("query", "anchor", "title"),
    [
        ("FlashAttention-3", *FA3),  # the title, hyphen and all
        ("Hwu", *PMPP),  # an author
        ("FP8", *FA3),  # a tag: its chip is part of the entry's section
    ],
)
def test_search_finds_entry(tab: Tab, site: Site, query: str, anchor: str, title: str) -> None:
    page = tab.page
    page.goto(site.url())
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query)
    result = page.locator(result_link(anchor)).first
    result.wait_for(state="attached")
    # The result is the entry's own section, titled by its H3, not just the topic page.
    assert title in result.inner_text()


def test_search_result_opens_entry(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url())
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("Programming Massively Parallel")
    page.locator(result_link(PMPP[0])).first.click()
    page.wait_for_url("**/topics/fundamentals/**#pmpp-book")
    expect(page.locator("h3#pmpp-book")).to_be_in_viewport()
