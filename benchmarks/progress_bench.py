"""How fast reading progress is ready on long pages, in headless Chromium.

Builds a synthetic site (default 10,000 entries, plus a 15-step reading path) with
`gpulist build`, then loads its largest topic page, a path page and the home page several
times each, with an empty store and with 1,000 entries already marked read. For each load
it reads, from the page's own performance timeline (ms since navigation start):

- DOMContentLoaded, and `gpulist-reader-bound`: the mark reader.js sets once every toggle,
  cite control and progress figure is in place (the page is interactive for reading);
- the reader's own work: from `gpulist-reader-start` to `gpulist-reader-bound`.

It also loads each page with reader.js refused, for what the page costs on its own. Then it
times a click on a toggle until the page's figure shows the new count, and prints what the
embedded citations add to the topic page and the id lists to the home page. Target: bound within 1,000 ms of
navigation start on the topic page. Prints figures; asserts nothing.

    .venv/bin/python -m benchmarks.progress_bench [--n 10000] [--runs 5] [--engine zensical|mkdocs]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import tempfile
from pathlib import Path

import yaml

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, gpulist_build, kb, largest_topic_page, make_project, serve, size
from benchmarks.synthetic import write_catalog

TIMES = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const mark = name => (performance.getEntriesByName(name)[0] || {}).startTime;
  return {dcl: nav.domContentLoadedEventEnd, response: nav.responseEnd, parsed: nav.domInteractive, start: mark('gpulist-reader-start'),
          bound: mark('gpulist-reader-bound'), toggles: document.querySelectorAll('[data-gpulist-read]').length};
}"""
BOUND = "performance.getEntriesByName('gpulist-reader-bound').length > 0"
CLICK = """() => {
  const figure = document.querySelector('[data-gpulist-progress]');
  const toggle = document.querySelector('[data-gpulist-read][aria-pressed=false]');
  if (!figure || !toggle) return null;
  const before = figure.textContent;
  const t = performance.now();
  toggle.click();
  document.body.offsetHeight;
  return {ms: performance.now() - t, before, after: figure.textContent};
}"""


def write_path(data: Path) -> str:
    """A 15-step path over the first synthetic entries, so path pages are measured too."""
    steps = [{"entry": f"synthetic-{i:05d}", "why": f"Step {i + 1}, measured."} for i in range(15)]
    path = [{"id": "synthetic-path", "title": "Synthetic path", "description": "Fifteen steps.", "steps": steps}]
    (data / "paths.yml").write_text(yaml.safe_dump(path, sort_keys=False), encoding="utf-8")
    return "paths/synthetic-path/"


def marks(n: int) -> str:
    store = {f"synthetic-{i:05d}": "2025-01-01T00:00:00.000Z" for i in range(0, n * 7, 7)}
    return f"localStorage.setItem('gpulist.read.v1', {json.dumps(json.dumps(store))})"


def measure(browser: object, url: str, runs: int, preset: str | None) -> list[dict]:
    results = []
    for _ in range(runs):
        context = browser.new_context()  # type: ignore[attr-defined]
        if preset:  # in place before the page's own scripts run, as a returning reader's marks are
            context.add_init_script(preset)
        page = context.new_page()
        page.goto(url, wait_until="commit")
        page.wait_for_function(BOUND, timeout=120_000)
        results.append(page.evaluate(TIMES))
        if len(results) == runs:
            results[-1]["click"] = page.evaluate(CLICK)
        page.close()  # its search worker would otherwise compete with the next load
        results[-1]["alone"] = _without_reader(context, url)
        context.close()
    return results


def _without_reader(context: object, url: str) -> float:
    """DOMContentLoaded of the same page with reader.js refused: what the page costs on its own."""
    page = context.new_page()  # type: ignore[attr-defined]
    page.route("**/reader.js", lambda route: route.abort())
    page.goto(url, wait_until="domcontentloaded")
    return page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")


def report(label: str, results: list[dict]) -> None:
    bound = [r["bound"] for r in results]
    own = [r["bound"] - r["start"] for r in results]
    dcl = [r["dcl"] for r in results]
    parsed = [r["parsed"] for r in results]
    response = [r["response"] for r in results]
    print(f"  {label:<36} bound median {statistics.median(bound):5.0f} ms, max {max(bound):5.0f} ms"
          f" | HTML received {statistics.median(response):5.0f}, parsed {statistics.median(parsed):5.0f}, "
          f"DOMContentLoaded {statistics.median(dcl):5.0f} ms (without reader.js "
          f"{statistics.median(r['alone'] for r in results):5.0f}) | reader's own work "
          f"{statistics.median(own):5.1f} ms | {results[0]['toggles']} toggles")
    click = results[-1].get("click")
    if click:
        print(f"  {'':<36} a click: {click['ms']:.1f} ms, figure {click['before']} -> {click['after']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engine", choices=("zensical", "mkdocs"), default="zensical")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-progress-") as tmp, sync_playwright() as playwright:
        data = write_catalog(Path(tmp) / "data", args.n)
        path_page = write_path(data)
        project = make_project(Path(tmp) / "site", data)
        gpulist_build(project, args.engine)
        topic, _ = largest_topic_page(project / "site")
        html = (project / "site" / "topics" / topic / "index.html").read_text(encoding="utf-8")
        bib = sum(len(m) for m in re.findall(r' data-gpulist-bib="[^"]*"', html))
        raw, gz = size(project / "site" / "topics" / topic / "index.html")
        print(f"{args.engine}, {args.n:,} entries; topic page topics/{topic}/: {kb(raw)} ({kb(gz)} gzipped), "
              f"of which embedded citations {kb(bib)}; gpulist.bib {kb(size(project / 'site' / 'gpulist.bib')[0])}")
        home = (project / "site" / "index.html").read_text(encoding="utf-8")
        ids = sum(len(m) for m in re.findall(r' data-gpulist-ids="[^"]*"', home))
        print(f"home page: {kb(size(project / 'site' / 'index.html')[0])}, of which the topic cards' id lists {kb(ids)}")
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with serve(project / "site") as url:
            for label, page_url in ((f"topics/{topic}/", url + f"topics/{topic}/"), (path_page, url + path_page),
                                    ("home", url)):
                report(f"{label} (no marks)", measure(browser, page_url, args.runs, None))
                report(f"{label} (1,000 marks)", measure(browser, page_url, args.runs, marks(1000)))
        browser.close()
    print("target: the topic page bound within 1,000 ms of navigation start")


if __name__ == "__main__":
    main()
