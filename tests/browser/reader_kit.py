"""Helpers for the reader's tests: load a bound page, read and set states, make progress links.

The expected "Ready for you" is computed here from the built reader-data.json, independently
of the script, so a test of the script's choice compares two implementations of the rule the
issue states (covered concepts, tier 1 first, then entries on the reader's begun paths).
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from playwright.sync_api import Page

from tests.browser.conftest import Site

BOUND = "performance.getEntriesByName('gpulist-reader-bound').length > 0"
STORE = "gpulist.progress.v2"
KNOWN = "gpulist.known.v1"
LEGACY = "gpulist.read.v1"
MENU = 'select[data-gpulist-status="{}"]'


def open_bound(page: Page, url: str) -> None:
    """Load a page and wait until the reader has bound it (its performance mark is set)."""
    page.goto(url)
    page.wait_for_function(BOUND)


def set_status(page: Page, entry: str, status: str) -> None:
    page.locator(MENU.format(entry)).first.select_option(status)


def stored(page: Page) -> dict[str, Any]:
    """The marks in the browser's store, {id: {status, at}}."""
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}') || '{{\"marks\": {{}}}}'"))["marks"]


def statuses(page: Page) -> dict[str, str]:
    return {entry: mark["status"] for entry, mark in stored(page).items()}


def reader_data(site: Site) -> dict[str, Any]:
    return json.loads((site.root / "reader-data.json").read_text(encoding="utf-8"))


def expected_ready(site: Site, marks: dict[str, str], shown: int = 5) -> list[str]:
    data = reader_data(site)
    ids = [e[0] for e in data["entries"]]

    def status(n: int) -> str:
        return marks.get(ids[n], "unread")

    covered = [any(status(n) == "read" for n in cover) for _, cover in data["concepts"]]
    begun = {n for steps in data["paths"] if any(status(s) in ("read", "reading") for s in steps) for n in steps}
    found = [n for n, e in enumerate(data["entries"]) if status(n) == "unread" and all(covered[c] for c in e[4])]
    found.sort(key=lambda n: ((0 if data["entries"][n][3] == 1 else 2) + (0 if n in begun else 1), n))
    return [ids[n] for n in found[:shown]]


def listed(page: Page, box: str) -> list[str]:
    """The entry ids a "Continue" or "Ready for you" box lists, in order."""
    return page.locator(f"[{box}] li[data-gpulist-entry]").evaluate_all(
        "items => items.map(li => li.getAttribute('data-gpulist-entry'))")


def progress_document(**groups: dict[str, str]) -> dict[str, Any]:
    return {"format": "gpulist-progress", "version": 1, "exported": "2025-01-01T00:00:00.000Z",
            "read": {}, **groups}


def link_payload(document: object, version: str = "1") -> str:
    """A #progress= fragment as the reader (reader/share.js) writes one: deflate-raw, base64url, versioned."""
    raw = json.dumps(document).encode("utf-8")
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(raw) + packer.flush()
    return f"#progress={version}." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")
