"""Known concepts, "I know this" (reader/know.js), in Chromium, both engines: a known concept is
covered everywhere, both controls of a concept page share its state, and known concepts travel
in progress files and links; a bad "known" list is ignored or refused, visibly, changing nothing.

The fixture: vllm (tier 2) requires kv-cache and attention; kv-cache has no start entry, and
attention's is flashattention-2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Site, Tab
from tests.browser.reader_kit import (KNOWN, export_progress, link_payload, listed, open_bound, progress_document, set_status,
                                      stored)

T = "2025-01-02T03:04:05.000Z"
KNOW = "[data-gpulist-know='{}']"


def known(page: Page) -> dict[str, str]:
    return json.loads(page.evaluate(f"localStorage.getItem('{KNOWN}') || '{{\"known\": {{}}}}'"))["known"]


def test_i_know_this_hides_a_chip_and_makes_what_requires_it_ready(tab: Tab, site: Site) -> None:
    page = tab.page
    open_bound(page, site.url("concepts/kv-cache/"))
    button = page.locator(KNOW.format("kv-cache"))
    expect(button).to_be_visible()
    expect(button).to_have_text("I know this")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    assert list(known(page)) == ["kv-cache"]

    open_bound(page, site.url("topics/attention/"))
    chips = page.locator("[data-gpulist-requires='kv-cache attention']")
    expect(chips.locator("[data-gpulist-concept=kv-cache]")).to_be_hidden()
    expect(chips.locator("[data-gpulist-concept=attention]")).to_be_visible()

    # The attention page has one "I know this", under "Check yourself", and says what it does.
    open_bound(page, site.url("concepts/attention/"))
    controls = page.locator(KNOW.format("attention"))
    expect(controls).to_have_count(1)
    expect(page.locator(".gpulist-check [data-gpulist-know-effect]")).to_be_visible()
    controls.click()
    expect(controls).to_have_attribute("aria-pressed", "true")
    open_bound(page, site.url(""))
    expect(page.locator("[data-gpulist-ready] li").first).to_be_visible()
    assert "vllm" in listed(page, "data-gpulist-ready"), "both its requirements are known: vllm is ready"
    assert stored(page) == {}, "knowing a concept marks no entry"

    open_bound(page, site.url("concepts/attention/"))
    controls.click()  # unknown again
    expect(controls).to_have_attribute("aria-pressed", "false")
    open_bound(page, site.url(""))
    expect(page.locator("[data-gpulist-ready] li").first).to_be_visible()
    assert "vllm" not in listed(page, "data-gpulist-ready")
    assert tab.offsite == []


def test_known_concepts_travel_in_files_and_links(tab: Tab, site: Site, tmp_path: Path) -> None:
    page = tab.page
    open_bound(page, site.url("concepts/fp8/"))
    page.locator(KNOW.format("fp8")).first.click()
    set_status(page, "flashattention-3", "read")
    saved = tmp_path / "progress.json"
    exported = export_progress(page, site.url(""), saved)
    assert list(exported["known"]) == ["fp8"] and exported["version"] == 1
    page.evaluate("localStorage.clear()")
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(saved))
    expect(page.locator(".gpulist-tools-status")).to_have_text("Imported: 1 entry newly marked read, 1 concept newly known.")
    assert list(known(page)) == ["fp8"]

    page.evaluate("localStorage.clear()")
    page.goto(site.url(link_payload(progress_document(known={"cuda": T}))))
    offer = page.locator("[data-gpulist-shared]")
    expect(offer).to_contain_text("0 read, 0 reading, 0 skipped, 1 concept known")
    offer.get_by_role("button", name="Merge into my progress").click()
    expect(page.locator(".gpulist-tools-status, .gpulist-shared-done").first).to_contain_text("1 concept newly known")
    assert list(known(page)) == ["cuda"]
    assert tab.offsite == []


BAD_KNOWN = {
    "markup and removed ids": ({"<img src=x onerror=window.pwned=1>": T, "no-such-concept": T, "cuda": "soon",
                                "fp8": T}, "1 concept newly known, 3 unusable entries ignored"),
    "a list, not a mapping": (["fp8", "cuda"], "0 entries newly marked read, 1 unusable entry ignored"),
    "text": ("<script>window.pwned=1</script>", "0 entries newly marked read, 1 unusable entry ignored"),
}


@pytest.mark.parametrize("kind", BAD_KNOWN)
def test_a_bad_known_list_is_ignored_visibly_and_changes_nothing_else(tab: Tab, site: Site, tmp_path: Path,
                                                                      kind: str) -> None:
    page = tab.page
    open_bound(page, site.url("concepts/attention/"))
    page.locator(KNOW.format("attention")).first.click()
    set_status(page, "flashattention-2", "reading")
    before = (stored(page), known(page))
    path = tmp_path / "bad.json"
    value, message = BAD_KNOWN[kind]
    path.write_text(json.dumps(progress_document(known=value)), encoding="utf-8")
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(path))
    expect(page.locator(".gpulist-tools-status")).to_have_text(f"Imported: {message}.")
    after = known(page)
    assert stored(page) == before[0] and {k: after[k] for k in before[1]} == before[1]
    assert set(after) - set(before[1]) == ({"fp8"} if kind == "markup and removed ids" else set())
    assert page.evaluate("window.pwned === undefined") and tab.errors == []


def test_a_ten_megabyte_known_list_is_refused(tab: Tab, site: Site, tmp_path: Path) -> None:
    page = tab.page
    open_bound(page, site.url("concepts/cuda/"))
    page.locator(KNOW.format("cuda")).first.click()
    before = known(page)
    huge = {f"concept-{n:07d}": T for n in range(300_000)}
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(progress_document(known=huge)), encoding="utf-8")
    assert path.stat().st_size > 10_000_000
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(path))
    expect(page.locator(".gpulist-tools-status")).to_have_text(
        "That file is too large to be a progress file: nothing was imported.")
    assert known(page) == before


def test_a_stored_known_id_that_no_longer_exists_or_holds_markup_counts_for_nothing(tab: Tab, site: Site) -> None:
    page = tab.page
    page.context.add_init_script(
        f"localStorage.setItem('{KNOWN}', JSON.stringify({{version: 1, known: {{'removed-concept': '{T}', "
        f"'<img src=x onerror=window.pwned=1>': '{T}', 'attention': '{T}'}}}}))")
    open_bound(page, site.url("topics/attention/"))
    chips = page.locator("[data-gpulist-requires='kv-cache attention']")
    expect(chips.locator("[data-gpulist-concept=attention]")).to_be_hidden()
    expect(chips.locator("[data-gpulist-concept=kv-cache]")).to_be_visible()
    assert page.evaluate("window.pwned === undefined") and tab.errors == []
