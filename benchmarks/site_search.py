"""How search scales: Material's lunr index against Pagefind on the same built site.

For each catalog size it builds the synthetic site with `gpulist build`, then prints:

- lunr: search/search_index.json (raw and gzipped; every reader downloads all of it) and,
  in headless Chromium, the time from opening the home page to the first result, which
  includes downloading that file and building the lunr index in Material's worker;
- Pagefind (`python -m pagefind`, on PyPI, offline) indexing the topic pages, where the
  entries live: its time, total index size, and what one query downloads in the browser
  and how long it takes to the first result's data.

Only 127.0.0.1 is contacted. Prints figures; asserts nothing.

    .venv/bin/python -m benchmarks.site_search [--n 10000 50000]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from benchmarks._sitekit import (
    BIN, CHROMIUM, CHROMIUM_ARGS, gpulist_build, kb, make_project, serve, size, timed, tree_size,
)
from benchmarks.synthetic import write_catalog

QUERY = "swizzle"  # a word of the synthetic titles, so every size has many hits


def lunr_in_browser(page: object, url: str) -> float:
    """Seconds from navigation to the first Material search result for QUERY."""
    start = time.perf_counter()
    page.goto(url)  # type: ignore[attr-defined]
    box = page.locator("input.md-search__input")  # type: ignore[attr-defined]
    box.click()
    box.press_sequentially(QUERY)
    page.locator(".md-search-result__list li").first.wait_for(timeout=300_000)  # type: ignore[attr-defined]
    return time.perf_counter() - start


PAGEFIND_JS = """async (query) => {
  const start = performance.now();
  const pagefind = await import("/pagefind/pagefind.js");
  await pagefind.init();
  const search = await pagefind.search(query);
  const first = await search.results[0].data();
  return {ms: performance.now() - start, hits: search.results.length,
          subResults: first.sub_results.length, url: first.url};
}"""


def pagefind_in_browser(page: object, url: str) -> tuple[dict, int, int]:
    """One query through Pagefind's JS API: timing, hits, and bytes/files it downloaded."""
    fetched: list[int] = []
    page.on("response", lambda r: fetched.append(len(r.body())) if "/pagefind/" in r.url else None)  # type: ignore[attr-defined]
    page.goto(url)  # type: ignore[attr-defined]
    result = page.evaluate(PAGEFIND_JS, QUERY)  # type: ignore[attr-defined]
    return result, sum(fetched), len(fetched)


def measure(n: int, scratch: Path, browser: object) -> None:
    data = write_catalog(scratch / f"data-{n}", n)
    project = make_project(scratch / f"site-{n}", data)
    build = gpulist_build(project)
    site = project / "site"
    raw, gz = size(site / "search" / "search_index.json")
    docs = len(json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"])
    pagefind = timed([str(BIN / "python"), "-m", "pagefind", "--site", "site", "--glob", "topics/**/*.html"], project)
    pf_bytes, pf_files = tree_size(site / "pagefind")
    print(f"\n== {n:,} entries: gpulist build {build.seconds:.1f} s, peak {build.peak_mb:.0f} MB")
    print(f"lunr      index {kb(raw)} ({kb(gz)} gzipped), {docs:,} documents; the reader downloads all of it")
    print(f"pagefind  indexed topic pages in {pagefind.seconds:.1f} s (peak {pagefind.peak_mb:.0f} MB); "
          f"{kb(pf_bytes)} in {pf_files} files")
    with serve(site) as url:
        context = browser.new_context(service_workers="block")  # type: ignore[attr-defined]
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
        seconds = lunr_in_browser(context.new_page(), url)
        print(f"lunr      first result for {QUERY!r} {seconds:.1f} s after opening the home page")
        result, fetched, files = pagefind_in_browser(context.new_page(), url)
        print(f"pagefind  first result's data for {QUERY!r} in {result['ms'] / 1000:.1f} s; {result['hits']} pages hit, "
              f"{result['subResults']} sub-results on {result['url']}; downloaded {kb(fetched)} in {files} files")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, nargs="+", default=[10_000])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-search-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for n in args.n:
                measure(n, Path(tmp), browser)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
