"""A concept's "Check yourself" in Chromium, under both engines: answers come folded and
unfold on a click with JavaScript and without it (plain `<details>`), each answer's source
link leads to the entry's card, the second "I know this" control stays hidden until a reader
script binds it, and the section's text is kept out of the search index."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Site, Tab, at

ANSWER = "4096 × 4096 × 2 bytes = 33.5 MB per head"


def _unfold_first_and_follow_its_source(page: Page) -> None:
    section = page.locator("[data-gpulist-check='attention']")
    questions = section.locator("details.gpulist-check-q")
    expect(questions).to_have_count(2)
    answer = questions.first.locator("p")
    expect(answer).to_be_hidden()  # folded: the reader answers before reading ours
    expect(questions.nth(1).locator("p")).to_be_hidden()
    questions.first.locator("summary").click()
    expect(answer).to_be_visible()
    expect(answer).to_contain_text(ANSWER)
    expect(questions.nth(1).locator("p")).to_be_hidden()  # one unfolds, not all
    questions.first.locator("summary").click()
    expect(answer).to_be_hidden()
    questions.first.locator("summary").click()
    source = answer.locator("a.gpulist-check-source")
    expect(source).to_have_attribute("href", re.compile(r"topics/attention/#flashattention-2$"))
    source.click()
    page.wait_for_url(at("topics/attention/"))  # the card in view is what counts, not the hash
    expect(page.locator("[id='flashattention-2']")).to_be_in_viewport()


def test_answers_are_folded_and_unfold_with_javascript(tab: Tab, site: Site) -> None:
    tab.page.goto(site.url("concepts/attention/"))
    expect(tab.page.locator("[data-gpulist-check] .gpulist-problems li")).to_contain_text("(LeetGPU)")
    _unfold_first_and_follow_its_source(tab.page)
    assert tab.offsite == []


def test_answers_are_folded_and_unfold_without_javascript(site: Site, browser: Browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url("concepts/attention/"))
    for control in page.locator("[data-gpulist-know='attention']").all():  # "I know this", at the top and under the questions
        expect(control).to_be_hidden()  # no script, no state to keep
    _unfold_first_and_follow_its_source(page)
    context.close()


def test_the_section_is_not_in_the_search_index(tab: Tab, site: Site) -> None:
    index = tab.page.request.get(site.url(site.search_ui.index.lstrip("/"))).text()
    assert "Check yourself" not in index and "33.5 MB per head" not in index
    assert '"concepts/attention/"' in index  # the concept itself is
