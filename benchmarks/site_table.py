"""How the All-resources table behaves at scale, in headless Chromium.

Builds a synthetic site (default 10,000 entries) with `gpulist build`, opens
all-resources/ and prints how long each step takes, layout included: first render,
a facet change, a text filter, a sort, clearing, and listing every row at once.
Prints figures; asserts nothing.

    .venv/bin/python -m benchmarks.site_table [--n 10000]
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, gpulist_build, make_project, serve
from benchmarks.synthetic import write_catalog

# Each step runs synchronously in the page; reading offsetHeight forces the layout it causes.
STEPS = [
    ("facet: topic", "const s = document.getElementById('gpulist-table-topic'); s.value = 'attention';"
                     " s.dispatchEvent(new Event('change'))"),
    ("clear", "document.querySelector('#gpulist-table form').reset()"),
    ("sort: title", "document.querySelector('th[data-column=title] button').click()"),
    ("sort: year", "document.querySelector('th[data-column=year] button').click()"),
    ("clear", "document.querySelector('#gpulist-table form').reset()"),
    ("list all rows", "document.querySelector('.gpulist-more button').click()"),
]
TIMED = "() => { const t = performance.now(); %s; document.body.offsetHeight; return performance.now() - t; }"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-table-") as tmp, sync_playwright() as playwright:
        project = make_project(Path(tmp) / "site", write_catalog(Path(tmp) / "data", args.n))
        gpulist_build(project)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with serve(project / "site") as url:
            page = browser.new_page()
            start = time.perf_counter()
            page.goto(url + "all-resources/")
            page.wait_for_selector("#gpulist-table[data-ready=true]", timeout=120_000)
            page.evaluate("document.body.offsetHeight")
            print(f"{args.n:,} entries: table ready {time.perf_counter() - start:.2f} s after navigation "
                  f"({page.inner_text('.gpulist-count')})")
            for label, step in STEPS:
                ms = page.evaluate(TIMED % step)
                print(f"  {label:<14} {ms:7.0f} ms   {page.inner_text('.gpulist-count')}")
            # Typing is debounced: time from the last keystroke to the narrowed count.
            page.locator("#gpulist-table-text").press_sequentially("warp tile")
            start = time.perf_counter()
            page.wait_for_function("location.search.includes('text=warp')")
            print(f"  text filter    {1000 * (time.perf_counter() - start):7.0f} ms after the last key "
                  f"(150 ms of it debounce)   {page.inner_text('.gpulist-count')}")
        browser.close()


if __name__ == "__main__":
    main()
