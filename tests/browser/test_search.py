"""The site's search finds an entry through its H3, as its own result: by title, author and tag."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Site, Tab

FA3 = ("topics/attention/#flashattention-3", "FlashAttention-3: Fast and Accurate Attention")
PMPP = ("topics/fundamentals/#pmpp-book", "Programming Massively Parallel Processors")


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
    site.search(page, query)
    result = page.locator(site.result_link(anchor)).first
    # The result is the entry's own section, titled by its H3, not just the topic page. Read
    # until it says so: the list re-renders per typed letter, and an earlier list can hold
    # the link folded away, with no text rendered.
    expect(result).to_contain_text(title)


def test_search_result_opens_entry(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url())
    site.search(page, "Programming Massively Parallel")
    page.locator(site.result_link(PMPP[0])).first.click()
    page.wait_for_url(lambda url: "/topics/fundamentals/" in url)  # the hash may be tracked on
    expect(page.locator("h3#pmpp-book")).to_be_in_viewport()


def test_listing_pages_are_not_results(tab: Tab, site: Site) -> None:
    """Tags, the tag index, start here and recent repeat entries: a search lists the entries."""
    page = tab.page
    page.goto(site.url())
    results = site.search(page, "FP8")
    page.locator(site.result_link(FA3[0])).first.wait_for(state="attached")
    # One snapshot of every result: the list may re-render while it is read one by one.
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href') || '')")
    listings = ("/tags/", "/start-here/", "/recent/", "/all-resources/")
    assert hrefs and not [h for h in hrefs if any(part in h for part in listings)]


@pytest.mark.parametrize("query", ["KV cache", "paged KV", "FP8"])
def test_a_concept_title_or_alias_finds_its_page_first(tab: Tab, site: Site, query: str) -> None:
    """Ahead of the entries that mention it ("paged KV" is an alias, written on the page)."""
    page = tab.page
    page.goto(site.url())
    results = site.search(page, query)
    target = {"KV cache": "concepts/kv-cache/", "paged KV": "concepts/kv-cache/", "FP8": "concepts/fp8/"}[query]
    # The list re-renders as each letter is typed (after "p", pmpp-book leads): the concept page
    # must come to lead it once the query is whole (Zensical's results live in a shadow root).
    expect(results.first).to_have_attribute("href", re.compile(re.escape(target) + r"[?#]|" + re.escape(target) + "$"),
                                            timeout=10_000)
    hrefs = results.evaluate_all("links => links.map(a => a.getAttribute('href') || '')")
    assert hrefs and target in hrefs[0].split("#")[0], hrefs[:3]


# (query, the result it must lead to): concept titles, aliases, and entries' exact titles,
# each beside a near miss: a longer title that contains it, an entry that names it.
LEADS = [
    ("KV cache", "concepts/kv-cache/"),  # not KV Cache Eviction, nor "An Old KV Cache Experiment"
    ("KV Cache Eviction", "concepts/kv-cache-eviction/"),
    ("attention sinks", "concepts/kv-cache-eviction/"),  # an alias
    ("paged KV", "concepts/kv-cache/"),  # an alias
    ("CUDA", "concepts/cuda/"),  # not the CUDA C++ Programming Guide
    ("Attention", "concepts/attention/"),  # not the FlashAttention papers
    ("FP8", "concepts/fp8/"),
    ("Programming Massively Parallel Processors", "topics/fundamentals/#pmpp-book"),
    ("CUDA C++ Programming Guide", "topics/fundamentals/#cuda-programming-guide"),  # not the CUDA concept
    ("An Old KV Cache Experiment", "topics/attention/#kv-old"),  # not the KV cache concept
    ("PTX ISA", "topics/fundamentals/#ptx-isa"),
    ("SemiAnalysis", "topics/big-picture/#semianalysis"),
    ("vLLM", "topics/attention/#vllm"),
]


def _leading(site: Site, hrefs: list[str]) -> str:
    """The first result, its address without the search terms. Material lists a section result
    under its page's own (a topic page's header): that header is passed over, the page is not a result."""
    found = [h.split("?")[0] + ("#" + h.split("#")[1] if "#" in h else "") for h in hrefs]
    if site.engine == "mkdocs":
        found = [h for h in found if not re.search(r"/topics/[^/#]+/$", h)]
    return found[0] if found else ""


def test_a_title_an_alias_or_an_entrys_exact_title_leads_the_results(tab: Tab, site: Site) -> None:
    """A dozen queries in one page; the list re-renders as the query changes, so each is read
    until it settles on the right first result or time runs out."""
    page = tab.page
    page.goto(site.url())
    ui = site.search_ui
    if ui.opener:
        page.locator(ui.opener).first.click()
    box = page.locator(ui.box).first
    results = page.locator(ui.results)
    wrong = {}
    for query, target in LEADS:
        box.fill(query[:-1])  # all but the last letter at once, the last one typed: a key event, as a reader's
        box.press_sequentially(query[-1])
        first = ""
        for _ in range(100):  # up to 10 s
            first = _leading(site, results.evaluate_all("as => as.map(a => a.getAttribute('href') || '')"))
            if first.endswith(target):
                break
            page.wait_for_timeout(100)
        if not first.endswith(target):
            wrong[query] = first
    assert wrong == {}


def test_a_concept_result_is_labelled_a_concept(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url())
    results = site.search(page, "KV cache")
    concept = results.filter(has=page.locator("xpath=self::*[contains(@href, 'concepts/kv-cache/')]")).first
    expect(concept).to_contain_text("Concept · KV cache", timeout=10_000)
