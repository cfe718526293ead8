"""Prints how the site's search (gpulist's own: docs/assets/javascripts/search/) serves readers.

- Relevance, on the real list in headless Chromium: the query set of tests/browser/search_queries.py
  (five kinds), right first results and queries with no result, per kind, through
  gpulist.search.run (what the box shows). Targets: >= 95% right in each kind, <= 1% with none.
- Bytes: what the search adds to every page's first load (ui.js, search.css, the header's
  markup; gzipped; target <= 50 KB), and what the first search fetches (the worker, words.js, intent.js,
  engine.js, MiniSearch and search-index.json).
- Scale, on a synthetic catalog (default 10,000 entries) on a phone profile (412 x 915, touch,
  the CPU slowed 4x through CDP, as Lighthouse's mobile setting): the time from opening the
  search to the index being ready, and for each query typed a key every 120 ms, the time from
  its last keystroke to its results on screen (target <= 100 ms), once the index is ready; and
  once typed straight after opening the search, before it is ready.

Only 127.0.0.1 is contacted. Prints figures; asserts nothing.

    .venv/bin/python -m benchmarks.site_search [--engine zensical|mkdocs] [--n 10000] [--throttle 4]
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import tempfile
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, ENGINES, REPO, gpulist_build, kb, make_project, serve
from benchmarks.synthetic import write_catalog
from tests.browser.search_queries import KINDS

QUERIES = ["swizzle", "how do I profile a kernel", "flash atention", "tensor cores", "kernels", "quantized",
           "matmul latency tile", "warp"]
ASK = """async (queries) => { await gpulist.search.ready(); const out = [];
  for (const q of queries) { const a = await gpulist.search.run(q); out.push([q, a.state, a.results.length ? a.results[0].url : ""]); }
  return out; }"""
# Stamps the last keystroke and the moment the status line names the whole query.
WATCH = """(query) => { window.gpulistTimed = new Promise((resolve) => {
  const status = document.querySelector('[data-gpulist-search-status]');
  let last = 0;
  const key = () => { last = performance.now(); };
  document.addEventListener('keydown', key, true);
  const seen = new MutationObserver(() => {
    if (status.textContent.includes('“' + query + '”') && document.querySelector('[data-gpulist-search-result]')) {
      seen.disconnect(); document.removeEventListener('keydown', key, true); resolve(performance.now() - last);
    }
  });
  seen.observe(status, {childList: true, characterData: true, subtree: true});
}); }"""


def gz(data: bytes) -> int:
    return len(gzip.compress(data, 9))


def first_load_bytes(site: Path) -> None:
    scripts = site / "assets" / "javascripts"
    html = (site / "index.html").read_text(encoding="utf-8")
    markup = re.search(r'<div class="gpulist-search".*?</ol>\s*</div>\s*</div>', html, re.S)
    parts = {"search/ui.js": (scripts / "search" / "ui.js").read_bytes(),
             "search.css": (site / "assets" / "stylesheets" / "search.css").read_bytes(),
             "header markup": markup.group(0).encode() if markup else b""}
    total = sum(gz(v) for v in parts.values())
    print(f"  first load adds {kb(total)} gzipped (target <= 50 KB): "
          + ", ".join(f"{k} {kb(gz(v))}" for k, v in parts.items()))
    lazy = {"search/worker.js": scripts / "search" / "worker.js", "search/words.js": scripts / "search" / "words.js",
            "search/intent.js": scripts / "search" / "intent.js", "search/engine.js": scripts / "search" / "engine.js",
            "MiniSearch": scripts / "vendor" / "minisearch-7.2.0" / "minisearch.js",
            "search-index.json": site / "search-index.json"}
    print("  the first search fetches " + ", ".join(f"{k} {kb(gz(p.read_bytes()))}" for k, p in lazy.items())
          + f" ({kb(sum(gz(p.read_bytes()) for p in lazy.values()))} gzipped)")


def relevance(browser: object, site: Path) -> None:
    with serve(site) as url:
        page = browser.new_page()  # type: ignore[attr-defined]
        page.goto(url)
        queries = [q for pairs in KINDS.values() for q, _ in pairs]
        got = {q: (state, first) for q, state, first in page.evaluate(ASK, queries)}
        for kind, pairs in KINDS.items():
            right = sum(got[q][1] == target for q, target in pairs)
            none = sum(got[q][0] != "results" for q, _ in pairs)
            print(f"  {kind:26} right first {right}/{len(pairs)} ({right / len(pairs):.0%}), no result {none}")
        print(f"  {len(queries)} queries, {sum(s != 'results' for s, _ in got.values())} with no result")
        page.close()


def phone(browser: object, url: str, throttle: float) -> tuple[object, object]:
    context = browser.new_context(viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True,  # type: ignore[attr-defined]
                                  service_workers="block")
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return context, page


def type_and_time(page: object, query: str) -> float:
    box = page.locator("[data-gpulist-search-input]")  # type: ignore[attr-defined]
    box.fill("")
    page.evaluate(WATCH, query)  # type: ignore[attr-defined]
    box.press_sequentially(query, delay=120)
    return float(page.evaluate("window.gpulistTimed"))  # type: ignore[attr-defined]


def scale(browser: object, site: Path, throttle: float) -> None:
    with serve(site, compress=True) as url:
        context, page = phone(browser, url, throttle)
        page.locator("label.md-header__button[for=__search]").first.tap()
        ready_ms = page.evaluate("async () => { const t = performance.now(); await gpulist.search.ready(); "
                                 "return performance.now() - t; }")
        print(f"  opening the search to the index ready: {ready_ms:.0f} ms")
        times = [(q, type_and_time(page, q)) for q in QUERIES]
        for q, ms in times:
            print(f"    {q!r:28} last keystroke to results {ms:5.0f} ms")
        values = [ms for _, ms in times]
        print(f"  median {statistics.median(values):.0f} ms, worst {max(values):.0f} ms (target <= 100 ms)")
        context.close()
        context, page = phone(browser, url, throttle)
        page.locator("label.md-header__button[for=__search]").first.tap()
        print(f"  typed straight after opening (index not ready): {type_and_time(page, 'swizzle'):.0f} ms "
              "from the last keystroke to results")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=ENGINES, default="zensical")
    parser.add_argument("--n", type=int, default=10_000, help="synthetic entries (0 to skip)")
    parser.add_argument("--throttle", type=float, default=4.0, help="CPU slowdown of the phone profile")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-search-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            project = make_project(Path(tmp) / "real", REPO / "data")
            gpulist_build(project, args.engine)
            print(f"\n== {args.engine}: the real list")
            first_load_bytes(project / "site")
            relevance(browser, project / "site")
            if args.n:
                project = make_project(Path(tmp) / "synthetic", write_catalog(Path(tmp) / "synthetic-data", args.n))
                gpulist_build(project, args.engine)
                print(f"\n== {args.engine}: synthetic {args.n:,} entries, phone profile (CPU {args.throttle:g}x slower)")
                first_load_bytes(project / "site")
                scale(browser, project / "site", args.throttle)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
