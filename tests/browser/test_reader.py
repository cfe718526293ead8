"""Read marks, progress, export/import and cite (docs/assets/javascripts/reader/) in Chromium.

Counts come from the built resources.json and the fixture's paths.yml, so the tests follow
the fixture catalog. Every test ends by checking that nothing left 127.0.0.1.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from playwright.sync_api import Browser, Locator, Page, expect

from tests.bibtex_reading import parse
from tests.browser.axe_kit import CLEAN, in_both_schemes, violations
from tests.browser.conftest import FIXTURE, Site, Tab, at, mark_document, open_tab, same_document
from tests.browser.reader_kit import MENU, export_progress, open_bound


def topic_ids(site: Site, topic: str) -> list[str]:
    return [r["id"] for r in site.resources if r["topic"] == topic]


def first_path() -> dict:
    return yaml.safe_load((FIXTURE / "paths.yml").read_text(encoding="utf-8"))[0]


def figure(page: Page, selector: str = "[data-gpulist-progress]") -> str:
    return page.locator(selector).first.inner_text()


def toggle(page: Page, entry: str) -> None:
    """Marks `entry` read, or unread when it is read: with its one control, as a reader does."""
    menu = page.locator(MENU.format(entry)).first
    menu.select_option("unread" if menu.input_value() == "read" else "read")


def test_a_mark_persists_across_reload_pages_and_instant_navigation(tab: Tab, site: Site) -> None:
    page = tab.page
    attention = topic_ids(site, "attention")
    path = first_path()
    open_bound(page, site.url("topics/attention/"))
    assert page.locator("select[data-gpulist-status]").count() == len(attention)
    assert figure(page) == f"0 / {len(attention)}"
    toggle(page, "flashattention-2")
    expect(page.locator(MENU.format("flashattention-2"))).to_have_value("read")
    assert figure(page) == f"1 / {len(attention)}"

    page.reload()
    page.wait_for_function("performance.getEntriesByName('gpulist-reader-bound').length > 0")
    expect(page.locator(MENU.format("flashattention-2"))).to_have_value("read")
    expect(page.locator(MENU.format(attention[-1]))).to_have_value("unread")
    assert figure(page) == f"1 / {len(attention)}"

    open_bound(page, site.url())
    card = page.locator(".grid.cards li", has=page.locator("a[href$='/topics/attention/']"))
    expect(card.locator("[data-gpulist-progress]")).to_have_text(f"1 / {len(attention)}")
    expect(card.locator(".gpulist-progress-line")).to_be_visible()
    steps = [s["entry"] for s in path["steps"]]
    home_path = page.locator(".gpulist-paths li", has=page.locator(f"a[href$='/paths/{path['id']}/']"))
    expect(home_path.locator("[data-gpulist-progress]")).to_have_text(f"1 / {len(steps)}")

    # Instant navigation: the document stays, the page is swapped, and the toggles come back.
    mark_document(page)
    home_path.locator("a").first.click()
    page.wait_for_url(at(site.url(f"paths/{path['id']}/")))
    expect(page.locator(MENU.format("flashattention-2"))).to_have_value("read")
    assert same_document(page), "navigation reloaded the page"
    assert page.locator("select[data-gpulist-status]").count() == len(steps)
    toggle(page, steps[0])
    expect(page.locator("[data-gpulist-progress]").first).to_have_text(f"2 / {len(steps)}")
    assert tab.offsite == []


def test_unmarking_counts_down_and_other_tabs_follow(browser: Browser, site: Site) -> None:
    first = open_tab(browser)
    try:
        page = first.page
        open_bound(page, site.url("topics/attention/"))
        second = page.context.new_page()
        open_bound(second, site.url("topics/attention/"))
        toggle(page, "flashattention-3")
        expect(second.locator(MENU.format("flashattention-3"))).to_have_value("read")
        toggle(second, "flashattention-3")
        expect(page.locator(MENU.format("flashattention-3"))).to_have_value("unread")
        assert figure(page).startswith("0 / ")
        assert first.offsite == [] and first.errors == []
    finally:
        first.page.context.close()


@pytest.fixture
def download_dir(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path


def test_export_clear_import_brings_the_marks_back(tab: Tab, site: Site, download_dir: Path) -> None:
    page = tab.page
    open_bound(page, site.url("topics/attention/"))
    for entry in ("flashattention-2", "flashattention-3"):
        toggle(page, entry)
    saved = download_dir / "progress.json"
    exported = export_progress(page, site.url(""), saved)
    assert exported["format"] == "gpulist-progress" and sorted(exported["read"]) == ["flashattention-2",
                                                                                     "flashattention-3"]
    page.evaluate("localStorage.clear()")
    open_bound(page, site.url(""))
    second = page.locator(".gpulist-paths li").nth(1).locator("[data-gpulist-progress]")
    expect(second).to_have_text("0 / 2")
    page.locator(".gpulist-import-file").set_input_files(str(saved))
    expect(page.locator(".gpulist-tools-status")).to_have_text("Imported: 2 entries newly marked read.")
    expect(second).to_have_text("2 / 2")
    open_bound(page, site.url("topics/attention/"))
    expect(page.locator(MENU.format("flashattention-3"))).to_have_value("read")

    garbage = download_dir / "not-progress.json"
    garbage.write_text('{"read": ["x"]}', encoding="utf-8")
    open_bound(page, site.url(""))
    page.locator(".gpulist-import-file").set_input_files(str(garbage))
    expect(page.locator(".gpulist-tools-status")).to_have_text("That file is not a gpulist progress export: nothing was imported.")
    assert tab.offsite == []


def cite_of(page: Page, entry: str) -> Locator:
    """The "Cite" fold of an entry's card: after its heading, before the next heading."""
    return page.locator(f"xpath=//h3[@id='{entry}']/following-sibling::*[self::details[@data-gpulist-cite] "
                        "or self::h3 or self::h2][1][self::details]")


def test_cite_shows_and_copies_the_published_record(browser: Browser, site: Site) -> None:
    opened = open_tab(browser, permissions=["clipboard-read", "clipboard-write"])
    try:
        page = opened.page
        open_bound(page, site.url("topics/attention/"))
        published = (site.root / "gpulist.bib").read_text(encoding="utf-8")
        record = next(r for r in published.split("\n\n") if r.startswith("@") and "{flashattention-2," in r)
        box = cite_of(page, "flashattention-2")
        expect(box.locator("pre")).to_be_hidden()
        box.locator("summary").click()
        expect(box.locator("pre")).to_have_text(record.strip())
        expect(box.locator(".gpulist-copy-status")).to_have_text("BibTeX copied.")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied.strip() == record.strip()
        assert list(parse(copied).entries) == ["flashattention-2"]
        page.evaluate("navigator.clipboard.writeText('')")
        box.locator(".gpulist-copy-status").evaluate("out => { out.textContent = ''; }")
        box.get_by_role("button", name="copy").click()
        expect(box.locator(".gpulist-copy-status")).to_have_text("BibTeX copied.")
        assert page.evaluate("navigator.clipboard.readText()") == copied
        # Only papers and books are cited; every card can be marked read.
        blog = next(r["id"] for r in site.resources if r["topic"] == "attention" and r["type"] not in ("paper", "book"))
        expect(cite_of(page, blog)).to_have_count(0)
        box.locator("summary").click()
        expect(box.locator("pre")).to_be_hidden()
        assert opened.offsite == [] and opened.errors == []
    finally:
        opened.page.context.close()


@pytest.mark.parametrize("path", ["", "start-here/", "topics/attention/", "paths/first-steps/"])
def test_without_javascript_the_page_reads_cleanly(browser: Browser, site: Site, path: str) -> None:
    opened = open_tab(browser, java_script_enabled=False)
    try:
        page = opened.page
        page.goto(site.url(path))
        assert page.locator("article").locator("select, button, input, .gpulist-export").count() == 0
        for line in page.locator(".gpulist-progress-line").all():
            expect(line).to_be_hidden()
        text = page.locator("article").inner_text().replace("Continued by:", "")  # a card's successors
        for leftover in ("Read:", "· read", "Export progress", "Import progress", "copy", "Copy my progress link",
                         "Continue", "Ready for you", "Filter entries", "unread"):
            assert leftover not in text, f"{leftover!r} shows without JavaScript on /{path}"
        if path == "topics/attention/":
            assert page.locator("article h3").count() == len(topic_ids(site, "attention"))
            # "Cite" is a fold that works without JavaScript: the record, nothing to press.
            box = page.locator("details[data-gpulist-cite]").first
            box.locator("summary").click()
            expect(box.locator("pre")).to_contain_text("@")
        assert opened.offsite == []
    finally:
        opened.page.context.close()


# What the reader's scripts make; the links and text around them are the theme's, checked page by page
# with the rest of the site.
CONTROLS = ["select[data-gpulist-status]", ".gpulist-cite", ".gpulist-progress-line",
            ".gpulist-progress-tools", ".gpulist-why"]


WCAG_2_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa"]}}


def test_reader_controls_pass_axe(browser: Browser, site: Site) -> None:
    """axe-core's WCAG 2 A/AA rules on every control the reader's scripts make, in each state:
    read, reading, skipped and unread status menus, an open citation, the figures and the tools;
    in both palettes."""
    opened = open_tab(browser, color_scheme="light")
    try:
        page = opened.page
        for path in ("topics/attention/", "paths/first-steps/", "start-here/", ""):
            open_bound(page, site.url(path))
            if path == "topics/attention/":
                toggle(page, "flashattention-2")
                page.locator(MENU.format("flashattention-3")).select_option("reading")
                page.locator(MENU.format("vllm")).select_option("skipped")
                cite_of(page, "flashattention-2").locator("summary").click()
                expect(page.locator(".gpulist-copy-status")).to_have_text("BibTeX copied.")
            present = [s for s in CONTROLS if page.locator(s).count()]
            assert present, f"no reader controls on /{path}"
            check = functools.partial(violations, options=WCAG_2_A_AA, include=present)
            assert in_both_schemes(page, check=check, back=True) == CLEAN, f"/{path}"
        assert opened.offsite == []
    finally:
        opened.page.context.close()


def test_a_path_page_passes_axe_whole(browser: Browser, site: Site) -> None:
    """The page type this work adds, checked whole as test_accessibility checks the others."""
    opened = open_tab(browser, viewport={"width": 1280, "height": 900}, color_scheme="light")
    try:
        open_bound(opened.page, site.url("paths/first-steps/"))
        toggle(opened.page, "vllm")
        assert in_both_schemes(opened.page) == CLEAN
    finally:
        opened.page.context.close()

