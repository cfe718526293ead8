"""Headless Chromium against the fixture site, built once and served on 127.0.0.1.

Why this shape:
- Debian's chromium (installed by `scripts/bootstrap.sh --test`), never a browser that
  Playwright downloads: CI installs nothing from outside apt and PyPI.
- The site is built once per engine (Zensical and MkDocs: every test runs against both)
  with `gpulist build` from tests/fixtures/site and served by a stdlib http.server thread,
  so the tests exercise the real build output.
- Every browser context aborts requests to any host but 127.0.0.1 and records them: the
  tests never reach the internet, and `offsite` lets a test prove that nothing tried to.

Missing Chromium or Playwright is an error, not a skip, because CI must run these tests.
Developers without a browser can opt out with GPULIST_SKIP_BROWSER=1.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import re
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from gpulist.cli import main as gpulist_main
from gpulist.publish.engine import ENGINES

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Locator, Page, Route

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "site"
# Debian's chromium-headless-shell (scripts/bootstrap.sh says why not the full browser).
CHROMIUM = Path(os.environ.get("GPULIST_CHROMIUM", "/usr/bin/chromium-headless-shell"))
# Without the background-networking flags Chromium phones home, and here it is refused.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_HOST = "127.0.0.1"
SKIP_ENV = "GPULIST_SKIP_BROWSER"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Honour the developers' opt-out; otherwise the tests run and a missing browser fails them.

    The tests of the real list run in one process (`make test` runs pytest-xdist with
    `--dist loadgroup`): each process that ran one built the whole real site for itself, up to
    four builds of each engine where two serve them all."""
    for item in items:
        if "real_site" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("real-site"))
    if os.environ.get(SKIP_ENV) != "1":
        return
    skip = pytest.mark.skip(reason=f"{SKIP_ENV}=1: browser tests skipped on request")
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(skip)


REPO_URL = "https://github.com/test-org/gpulist"
EDIT_URI = "edit/main/data/"


@dataclass(frozen=True)
class SearchUI:
    """How a reader searches: gpulist's own box in the header, the same under both engines
    (overrides/partials/search.html, docs/assets/javascripts/search/ui.js)."""

    opener: str | None  # clicked first, when the box is hidden behind a button
    box: str
    results: str  # every result link, best first (data-gpulist-search-result is its rank)
    index: str  # the search index the page fetches


_GPULIST_SEARCH = SearchUI(None, "[data-gpulist-search-input]", "a[data-gpulist-search-result]", "/search-index.json")
SEARCH_UI = {"mkdocs": _GPULIST_SEARCH, "zensical": _GPULIST_SEARCH}


@dataclass
class Site:
    """The built fixture site and the settings its links were made from."""

    engine: str
    root: Path
    base_url: str
    resources: list[dict[str, Any]] = field(default_factory=list)
    topics: list[dict[str, Any]] = field(default_factory=list)
    repo_url: str = REPO_URL
    edit_uri: str = EDIT_URI

    def url(self, path: str = "") -> str:
        return self.base_url + path

    @property
    def search_ui(self) -> SearchUI:
        return SEARCH_UI[self.engine]

    def search(self, page: Page, query: str) -> Locator:
        """Types `query` into the site's search, as a reader would; returns the result links."""
        ui = self.search_ui
        if ui.opener:
            page.locator(ui.opener).first.click()
        box = page.locator(ui.box).first
        box.click()
        box.press_sequentially(query)
        return page.locator(ui.results)

    def result_link(self, anchor: str) -> str:
        """A result leading to `anchor` (`topics/x/#id`); both engines add `?h=<terms>` in between."""
        path, fragment = anchor.split("#")
        return f'{self.search_ui.results}[href*="/{path}"][href$="#{fragment}"]'


def at(address: str) -> re.Pattern[str]:
    """The page at `address` (a full URL, or a path such as "concepts/kv-cache/"), whatever its
    hash: for `wait_for_url` and `to_have_url`.

    MkDocs Material's navigation.tracking rewrites the hash to the heading in view as a page
    settles, and can write the previous page's heading onto the new address as it swaps the
    page in, so an exact address can be gone before the wait starts (CI saw
    "topics/attention/" become "topics/attention/#paths", the home page's heading).
    """
    start = re.escape(address) if address.startswith("http") else ".*/" + re.escape(address)
    return re.compile(start + "(#[^#]*)?$")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site without logging each request to stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def build_fixture_site(project: Path, site_url: str, engine: str, data: Path = FIXTURE) -> None:
    """`gpulist build` of the fixture catalog in a scratch copy of the project's site skeleton.

    The site URL is where the tests serve the site (instant navigation only takes over links
    under it, and the tests exercise it); the repository is named on the command line, which
    wins over whatever the environment says (CI runs under GitHub Actions).
    """
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", project / "overrides")
    shutil.copytree(REPO / "docs" / "assets", project / "docs" / "assets")
    shutil.copytree(data, project / "data")
    code = gpulist_main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml"),
                         "--engine", engine, "--site-url", site_url, "--repo-url", REPO_URL, "--edit-uri", EDIT_URI])
    assert code == 0, f"gpulist build --engine {engine} failed on the fixture catalog"


@pytest.fixture(scope="session", params=ENGINES)
def site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The fixture site, built once per engine and served on an ephemeral port of 127.0.0.1.

    Session scope: `make test` runs the suite in parallel processes (pytest-xdist), and a
    process may run browser tests, then others, then browser tests again; a package-scoped
    site was built anew each time it came back. Each process builds its own (under a second
    per engine), since the site's address, which MkDocs' instant navigation needs to match the
    served one, names the process's own port."""
    engine = request.param
    with _served(tmp_path_factory, f"browser-site-{engine}", engine, FIXTURE) as (project, base_url):
        data = json.loads((project / "site" / "resources.json").read_text(encoding="utf-8"))
        yield Site(engine=engine, root=project / "site", base_url=base_url, resources=data["resources"],
                   topics=data["topics"])


@contextlib.contextmanager
def _served(tmp_path_factory: pytest.TempPathFactory, name: str, engine: str, data: Path) -> Iterator[tuple[Path, str]]:
    """A catalog built into a fresh folder and served on loopback while the caller uses it: the
    site's address is known before the build, which MkDocs' instant navigation needs to match."""
    project = tmp_path_factory.mktemp(name)
    handler = functools.partial(_QuietHandler, directory=str(project / "site"))
    server = http.server.ThreadingHTTPServer((LOCAL_HOST, 0), handler)
    base_url = f"http://{LOCAL_HOST}:{server.server_port}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        build_fixture_site(project, base_url, engine, data=data)
        yield project, base_url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session", params=ENGINES)
def real_site(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The real list (data/), built and served like `site`: for the search's query set, which
    asks what learners ask of the real catalog. Built only in a process that runs a test using it."""
    engine = request.param
    with _served(tmp_path_factory, f"browser-real-{engine}", engine, REPO / "data") as (project, base_url):
        yield Site(engine=engine, root=project / "site", base_url=base_url)


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    """One Chromium for the browser tests; launching it per test would dominate the run time.

    Package scope, not session: Playwright's sync API keeps an asyncio loop running in this
    thread while it is open, and later tests (check-links) call asyncio.run themselves.
    """
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run `bash scripts/bootstrap.sh --test` (installs Debian's "
                    f"chromium), or set {SKIP_ENV}=1 to skip the browser tests", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is missing: run `bash scripts/bootstrap.sh --test`", pytrace=False)
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield instance
        finally:
            instance.close()


@dataclass
class Tab:
    """A page in a fresh context, with every request it made and every off-host one it tried."""

    page: Page
    requests: list[str] = field(default_factory=list)
    offsite: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def open_tab(browser: Browser, **context_options: Any) -> Tab:
    """A new context whose off-host requests are recorded and aborted before they leave."""
    context = browser.new_context(service_workers="block", **context_options)
    requests: list[str] = []
    offsite: list[str] = []

    def guard(route: Route) -> None:
        """Only the site's own host is let through; `note` has already recorded the request."""
        if urlsplit(route.request.url).hostname == LOCAL_HOST:
            route.continue_()
        else:
            route.abort()

    def note(url: str) -> None:
        """Every request, including any that routing might not see (workers)."""
        requests.append(url)
        if urlsplit(url).hostname != LOCAL_HOST and not url.startswith(("data:", "blob:")) and url not in offsite:
            offsite.append(url)

    context.route("**/*", guard)
    context.on("request", lambda request: note(request.url))
    tab = Tab(page=context.new_page(), requests=requests, offsite=offsite)
    tab.page.on("pageerror", lambda error: tab.errors.append(str(error)))
    return tab


def mark_document(page: Page) -> None:
    """Mark the page's document, once the theme is ready to swap pages in, so that a test can
    tell an instant navigation (the document and its mark stay) from a full load (both go).

    The reader can bind before the theme takes over links: Material, under MkDocs, does so only
    once it has read sitemap.xml, and a click before that reloads the page (seen under load).
    The theme's requests are done once the network is quiet.
    """
    page.wait_for_load_state("networkidle")
    page.evaluate("window.gpulistSameDocument = true")


def same_document(page: Page) -> bool:
    """Whether the document `mark_document` marked is still the one shown."""
    return page.evaluate("window.gpulistSameDocument === true")


@pytest.fixture
def tab(browser: Browser) -> Iterator[Tab]:
    """A desktop-sized page; fails the test if the page threw a JavaScript error."""
    opened = open_tab(browser, viewport={"width": 1280, "height": 900})
    try:
        yield opened
        assert opened.errors == [], f"JavaScript errors: {opened.errors}"
    finally:
        opened.page.context.close()
