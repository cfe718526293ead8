"""Helpers for the reader's tests: load a bound page, read and set states, make progress links.

The expected "Ready for you" is computed here from the built reader-data.json, independently
of the script, so a test of the script's choice compares two implementations of the rule the
issue states (covered concepts, tier 1 first, then entries on the reader's begun paths).
"""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
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


def export_progress(page: Page, url: str, saved: Path) -> dict[str, Any]:
    """Open `url` (a page with the progress tools), press "Export progress", keep the download
    as `saved` and return the document it holds."""
    open_bound(page, url)
    with page.expect_download() as info:
        page.get_by_role("button", name="Export progress").click()
    info.value.save_as(saved)
    return json.loads(saved.read_text(encoding="utf-8"))


def set_status(page: Page, entry: str, status: str) -> None:
    page.locator(MENU.format(entry)).first.select_option(status)


def stored(page: Page) -> dict[str, Any]:
    """The marks in the browser's store, {id: {status, at}}."""
    return json.loads(page.evaluate(f"localStorage.getItem('{STORE}') || '{{\"marks\": {{}}}}'"))["marks"]


def statuses(page: Page) -> dict[str, str]:
    return {entry: mark["status"] for entry, mark in stored(page).items()}


def reader_data(site: Site) -> dict[str, Any]:
    return json.loads((site.root / "reader-data.json").read_text(encoding="utf-8"))


def expected_ready(site: Site, marks: dict[str, str], known: tuple[str, ...] = (), path: str | None = None,
                   shown: int = 5) -> list[str]:
    """The rule as gpulist.site.reader states it: unread, in a tier, every requirement covered
    (read or known), nothing required only at tier 1; the reader's path (chosen, else the first)
    first, in its order, then tier 1 of the topics it passes through, then the rest, tier 1 first."""
    data = reader_data(site)
    entries = data["entries"]
    ids = [e[0] for e in entries]

    def status(n: int) -> str:
        return marks.get(ids[n], "unread")

    covered = [cid in known or any(status(n) == "read" for n in cover) for cid, cover, *_ in data["concepts"]]

    def ready(n: int) -> bool:
        tier, requires = entries[n][3], entries[n][4]
        if not tier or status(n) != "unread":
            return False
        return all(covered[c] for c in requires) if requires else tier == 1

    chosen = [i for i, info in enumerate(data["path_info"]) if info[0] == path]
    steps = data["paths"][chosen[0] if chosen else 0] if data["paths"] else []
    first = [n for n in steps if ready(n)]
    touched = {entries[n][2] for n in steps}
    rest = sorted((n for n in range(len(entries)) if n not in first and ready(n)),
                  key=lambda n: (0 if entries[n][3] == 1 and entries[n][2] in touched else 1 if entries[n][3] == 1 else 2, n))
    return [ids[n] for n in (first + rest)[:shown]]


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
