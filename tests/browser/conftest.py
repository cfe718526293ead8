"""Headless Chromium against the fixture site, built once and served on 127.0.0.1.

Why this shape:
- Debian's chromium (installed by `scripts/bootstrap.sh --test`), never a browser that
  Playwright downloads: CI installs nothing from outside apt and PyPI.
- The site is built once per session with `gpulist build` from tests/fixtures/site and
  served by a stdlib http.server thread, so the tests exercise the real build output.
- Every browser context aborts requests to any host but 127.0.0.1 and records them: the
  tests never reach the internet, and `offsite` lets a test prove that nothing tried to.

Missing Chromium or Playwright is an error, not a skip, because CI must run these tests.
Developers without a browser can opt out with GPULIST_SKIP_BROWSER=1.
"""

from __future__ import annotations

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
import yaml

from gpulist.cli import main as gpulist_main

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

REPO = Path(__file__).resolve().parents[2]
FIXTURE = REPO / "tests" / "fixtures" / "site"
CHROMIUM = Path(os.environ.get("GPULIST_CHROMIUM", "/usr/bin/chromium"))
# Without the background-networking flags Chromium phones home, and here it is refused.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
LOCAL_HOST = "127.0.0.1"
SKIP_ENV = "GPULIST_SKIP_BROWSER"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Honour the developers' opt-out; otherwise the tests run and a missing browser fails them."""
    if os.environ.get(SKIP_ENV) != "1":
        return
    skip = pytest.mark.skip(reason=f"{SKIP_ENV}=1: browser tests skipped on request")
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(skip)


@dataclass
class Site:
    """The built fixture site and the settings its links were made from."""

    root: Path
    base_url: str
    resources: list[dict[str, Any]] = field(default_factory=list)
    topics: list[dict[str, Any]] = field(default_factory=list)
    repo_url: str = ""
    edit_uri: str = ""

    def url(self, path: str = "") -> str:
        return self.base_url + path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the built site without logging each request to stderr."""

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
        pass


def build_fixture_site(project: Path, site_url: str) -> None:
    """`gpulist build` of the fixture catalog in a scratch copy of the project's site skeleton.

    site_url is rewritten to where the tests serve the site: Material's instant navigation
    only takes over links under site_url, and the tests exercise it.
    """
    config = (REPO / "mkdocs.yml").read_text(encoding="utf-8")
    config, found = re.subn(r"(?m)^site_url:.*$", f"site_url: {site_url}", config)
    assert found == 1, "mkdocs.yml should set site_url once"
    (project / "mkdocs.yml").write_text(config, encoding="utf-8")
    shutil.copytree(REPO / "overrides", project / "overrides")
    shutil.copytree(REPO / "docs" / "assets", project / "docs" / "assets")
    shutil.copytree(FIXTURE, project / "data")
    code = gpulist_main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml")])
    assert code == 0, "gpulist build failed on the fixture catalog"


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The fixture site, built once and served on an ephemeral port of 127.0.0.1."""
    project = tmp_path_factory.mktemp("browser-site")
    handler = functools.partial(_QuietHandler, directory=str(project / "site"))
    server = http.server.ThreadingHTTPServer((LOCAL_HOST, 0), handler)
    base_url = f"http://{LOCAL_HOST}:{server.server_port}/"
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        build_fixture_site(project, base_url)
        config = yaml.load((project / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_IgnoreTags)  # noqa: S506
        data = json.loads((project / "site" / "resources.json").read_text(encoding="utf-8"))
        yield Site(root=project / "site", base_url=base_url, resources=data["resources"],
                   topics=data["topics"], repo_url=config["repo_url"], edit_uri=config["edit_uri"])
    finally:
        server.shutdown()
        server.server_close()


class _IgnoreTags(yaml.SafeLoader):
    """mkdocs.yml may carry `!ENV` or `!!python/name:` values; the tests only read plain keys."""


_IgnoreTags.add_multi_constructor("!", lambda loader, suffix, node: None)
_IgnoreTags.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


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


@pytest.fixture
def tab(browser: Browser) -> Iterator[Tab]:
    """A desktop-sized page; fails the test if the page threw a JavaScript error."""
    opened = open_tab(browser, viewport={"width": 1280, "height": 900})
    try:
        yield opened
        assert opened.errors == [], f"JavaScript errors: {opened.errors}"
    finally:
        opened.page.context.close()
