"""Progress shared by link, and every bad progress file or link (reader/share.js), in Chromium, both engines.

A link carries the marks in its fragment (#progress=1.…), which the browser never sends: the
tests check the requests. Opening one offers to view or merge, never applies it unasked; a
bad file or link is refused with a visible message, runs nothing and leaves the reader's own
progress exactly as it was.
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import Site, Tab, at, open_tab
from tests.browser.reader_kit import (MENU, STORE, link_payload, listed, open_bound, progress_document, set_status,
                                      stored)

T = "2025-01-02T03:04:05.000Z"
OFFER = "[data-gpulist-shared]"


def mark(page: Page, site: Site, marks: dict[str, str]) -> None:
    open_bound(page, site.url("topics/attention/"))
    for entry, status in marks.items():
        set_status(page, entry, status)


def raw_store(page: Page) -> str | None:
    return page.evaluate(f"localStorage.getItem('{STORE}')")


def test_a_progress_link_round_trips_into_a_fresh_browser(browser: Browser, site: Site) -> None:
    sender = open_tab(browser, permissions=["clipboard-read", "clipboard-write"])
    receiver = open_tab(browser, viewport={"width": 1280, "height": 900})
    try:
        page = sender.page
        mark(page, site, {"flashattention-2": "read", "flashattention-3": "reading", "vllm": "skipped"})
        open_bound(page, site.url(""))
        page.locator("[data-gpulist-share]").click()
        field = page.locator("[data-gpulist-share-link]")
        expect(field).to_be_visible()
        link = field.input_value()
        assert link.startswith(site.url("#progress=1."))
        expect(page.locator(".gpulist-tools-status")).to_contain_text("never sent to a server")
        assert page.evaluate("navigator.clipboard.readText()") == link

        other = receiver.page
        mark(other, site, {"flashattention-2": "skipped", "kv-old": "read"})
        own = stored(other)
        other.goto(link)
        offer = other.locator(OFFER)
        expect(offer).to_have_attribute("data-gpulist-shared", "offer")
        expect(offer).to_contain_text("1 read, 1 reading, 1 skipped")
        assert stored(other) == own, "opening a link changed the reader's progress"
        assert not [url for url in receiver.requests if "progress=" in url], "the fragment reached the server"

        offer.get_by_role("button", name="View it").click()
        expect(offer).to_have_attribute("data-gpulist-shared", "viewing")
        _the_link_read_again_keeps_viewing(other)
        expect(other.locator("[data-gpulist-continue] li")).to_have_count(1)
        assert listed(other, "data-gpulist-continue") == ["flashattention-3"]
        other.locator(".grid.cards a[href$='/topics/attention/']").first.click()  # instant navigation
        other.wait_for_url(at(site.url("topics/attention/")))
        expect(other.locator(MENU.format("flashattention-2"))).to_have_value("read")
        expect(other.locator(MENU.format("flashattention-2"))).to_be_disabled()
        expect(other.locator(OFFER)).to_have_attribute("data-gpulist-shared", "viewing")
        assert stored(other) == own

        other.locator(OFFER).get_by_role("button", name="Merge into my progress").click()
        expect(other.locator(OFFER)).to_have_count(0)
        expect(other.locator(".gpulist-shared-done")).to_have_text(
            "Merged the shared progress: 1 newly marked reading, 1 newly marked skipped, "
            "1 of your own marks kept where they differed.")
        assert {k: v["status"] for k, v in stored(other).items()} == {
            "flashattention-2": "skipped", "kv-old": "read", "flashattention-3": "reading", "vllm": "skipped"}
        expect(other.locator(MENU.format("flashattention-2"))).to_have_value("skipped")
        expect(other.locator(MENU.format("flashattention-2"))).to_be_enabled()
        assert "#progress" not in other.url
        assert sender.offsite == [] and receiver.offsite == []
        assert sender.errors == [] and receiver.errors == []
    finally:
        sender.page.context.close()
        receiver.page.context.close()


def _the_link_read_again_keeps_viewing(page) -> None:
    """The same fragment is announced twice when a link opens on the page already shown (the
    page's binding and a hashchange): a second reading must not take the offer back over the
    reader's "View it" (CI once caught a late second decoding doing so, and Review saw no
    shared progress). A decoding of this link ends in a few milliseconds; 400 ms gives any
    second one time to land."""
    page.evaluate("window.dispatchEvent(new HashChangeEvent('hashchange'))")
    page.wait_for_timeout(400)
    expect(page.locator(OFFER)).to_have_attribute("data-gpulist-shared", "viewing")


def test_dismissing_an_offer_changes_nothing(tab: Tab, site: Site) -> None:
    page = tab.page
    mark(page, site, {"vllm": "reading"})
    before = raw_store(page)
    page.goto(site.url(link_payload(progress_document(read={"flashattention-2": T}))))
    expect(page.locator(OFFER)).to_contain_text("1 read, 0 reading, 0 skipped")
    page.locator(OFFER).get_by_role("button", name="Dismiss").click()
    expect(page.locator(OFFER)).to_have_count(0)
    assert raw_store(page) == before and "#progress" not in page.url


def _bomb() -> str:
    """A small link that would inflate to 8 MB."""
    raw = (b'{"format":"gpulist-progress","version":1,"read":{}' + b" " * 8_000_000 + b"}")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    import base64

    return "#progress=1." + base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).decode().rstrip("=")


def _truncated() -> str:
    full = link_payload(progress_document(read={f"entry-{n}": T for n in range(300)}))
    return full[: len(full) // 2]


BAD_LINKS = {
    "malformed": ("#progress=1.@@not-base64@@", "damaged or cut short"),
    "truncated": (_truncated(), "damaged or cut short"),
    "newer link": ("#progress=2.AAAA", "newer version"),
    "newer document": (link_payload({**progress_document(), "version": 2}), "newer version"),
    "not progress": (link_payload({"hello": "world"}), "does not hold reading progress"),
    "not json": (link_payload("just a string"), "does not hold reading progress"),
    "too long": ("#progress=1." + "A" * 1_100_000, "too long"),
    "zip bomb": (_bomb(), "unpacks to far more"),
}


def test_a_bad_link_is_refused_visibly_and_changes_nothing(tab: Tab, site: Site) -> None:
    """Every link of BAD_LINKS, each opened afresh (from a blank page: the browser would take a
    link differing only in its fragment as a move within the page) over the same marks, which
    no refusal may touch; one test rather than one per link saves the suite a load each."""
    page = tab.page
    mark(page, site, {"flashattention-2": "read"})
    before = raw_store(page)
    for kind, (fragment, message) in BAD_LINKS.items():
        page.goto("about:blank")
        page.goto(site.url() + fragment)
        offer = page.locator(OFFER)
        expect(offer, kind).to_have_attribute("data-gpulist-shared", "error")
        expect(offer, kind).to_contain_text(message)
        expect(offer, kind).to_contain_text("Your own progress is untouched.")
        assert offer.locator("[data-gpulist-import-shared]").count() == 0, kind
        assert raw_store(page) == before, kind
    assert tab.offsite == []


def test_a_ten_megabyte_link_is_refused(tab: Tab, site: Site) -> None:
    """Chromium will not navigate to a URL over 2 MB (net::ERR_ABORTED), but a page can set a
    fragment of any length: the script refuses it before decoding a byte."""
    page = tab.page
    mark(page, site, {"flashattention-2": "read"})
    before = raw_store(page)
    open_bound(page, site.url())
    page.evaluate("location.hash = '#progress=1.' + 'A'.repeat(10 * 1024 * 1024)")
    expect(page.locator(OFFER)).to_contain_text("too long")
    assert raw_store(page) == before


HOSTILE = {"<script>window.pwned=1</script>": T, 'a"onmouseover="window.pwned=1': T, "javascript:alert(1)": T,
           "Upper-Case": T, "x" * 300: T, "removed-entry": T, "flashattention-3": T}


def test_hostile_and_unknown_ids_in_a_link_are_dropped_or_harmless(tab: Tab, site: Site) -> None:
    page = tab.page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    document = progress_document(read=HOSTILE, reading={"vllm": "<img src=x onerror=alert(1)>"}, skipped=["x"])
    page.goto(site.url(link_payload(document)))
    offer = page.locator(OFFER)
    expect(offer).to_contain_text("2 read, 0 reading, 0 skipped")
    offer.get_by_role("button", name="Merge into my progress").click()
    expect(page.locator(".gpulist-tools-status, .gpulist-shared-done").first).to_contain_text(
        "2 entries newly marked read, 7 unusable entries ignored")
    assert sorted(stored(page)) == ["flashattention-3", "removed-entry"]
    open_bound(page, site.url())
    assert listed(page, "data-gpulist-continue") == []  # the removed entry is nowhere
    assert "removed-entry" not in page.locator("article").inner_text()
    assert page.evaluate("window.pwned === undefined") and dialogs == []
    assert page.locator("article script, article img").count() == 0
    assert tab.errors == [] and tab.offsite == []


def _file(folder: Path, name: str, content: bytes) -> Path:
    path = folder / name
    path.write_bytes(content)
    return path


def _export(read: dict[str, str], **more: object) -> bytes:
    return json.dumps(progress_document(read=read, **more)).encode()


BAD_FILES = {
    "malformed": (b"{not json at all", "not a gpulist progress export"),
    "truncated": (_export({f"entry-{n}": T for n in range(50)})[:700], "not a gpulist progress export"),
    "newer": (json.dumps({**progress_document(), "version": 2}).encode(), "from a newer version of the list (2)"),
    "ten megabytes": (b'{"format": "gpulist-progress", "version": 1, "read": {}, "pad": "' + b"x" * 10_000_000 + b'"}',
                      "too large to be a progress file"),
    "not progress": (b'{"read": ["x"]}', "not a gpulist progress export"),
}


def test_a_bad_file_is_refused_visibly_and_changes_nothing(tab: Tab, site: Site, tmp_path: Path) -> None:
    """Every file of BAD_FILES, one after another through the same page's import control: each
    is refused, and the marks stay exactly as they were."""
    page = tab.page
    mark(page, site, {"flashattention-2": "read", "vllm": "reading"})
    before = raw_store(page)
    open_bound(page, site.url(""))
    status = page.locator(".gpulist-tools-status")
    for kind, (content, message) in BAD_FILES.items():
        status.evaluate("out => { out.textContent = ''; }")  # each refusal says so anew
        page.locator(".gpulist-import-file").set_input_files(str(_file(tmp_path, f"{kind}.json", content)))
        expect(status, kind).to_contain_text(message)
        expect(status, kind).to_contain_text("nothing was imported")
        assert raw_store(page) == before, kind
    assert tab.offsite == []


def test_a_file_with_hostile_and_unknown_ids_imports_only_the_usable_marks(tab: Tab, site: Site, tmp_path: Path) -> None:
    page = tab.page
    mark(page, site, {"flashattention-3": "skipped"})
    open_bound(page, site.url(""))
    content = _export(HOSTILE, reading={"vllm": T}, skipped={"kv-old": T, "<b>": T})
    page.locator(".gpulist-import-file").set_input_files(str(_file(tmp_path, "hostile.json", content)))
    expect(page.locator(".gpulist-tools-status")).to_have_text(
        "Imported: 1 entry newly marked read, 1 newly marked reading, 1 newly marked skipped, "
        "1 of your own marks kept where they differed, 6 unusable entries ignored.")
    assert {k: v["status"] for k, v in stored(page).items()} == {
        "flashattention-3": "skipped", "removed-entry": "read", "vllm": "reading", "kv-old": "skipped"}
    assert page.evaluate("window.pwned === undefined")
    assert tab.errors == [] and tab.offsite == []
