"""Prints how each engine's search serves readers: relevance on the real list, scale on a synthetic one.

- Real list, in headless Chromium through the search box a reader uses: for an entry's title,
  an author, a tag, "FP8", "NCCL" and "FlashAttention-3", the rank of the expected entry among
  the results shown, as its own result (a result that is only a page's heading, or folded
  into Material's "N more on this page", does not count). Target for the default engine: in
  the first five. Also: which listing pages (tags, start here, recent, all resources) show up
  in the first five (target: none).
- Synthetic catalog (default 10,000 entries): the search index (every reader downloads all of
  it), the time from opening the home page to the first result, and the rank of one entry
  searched by its title.

Only 127.0.0.1 is contacted. Prints figures; asserts nothing.

    .venv/bin/python -m benchmarks.site_search [--engine zensical|mkdocs|both] [--n 10000]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import tempfile
import time
from pathlib import Path

from benchmarks._sitekit import (
    CHROMIUM, CHROMIUM_ARGS, ENGINES, REPO, SEARCH_INDEX, gpulist_build, kb, make_project, search_results, serve,
    size,
)
from benchmarks.synthetic import write_catalog

LISTINGS = ("/tags/", "/start-here/", "/recent/", "/all-resources/")


def real_queries(resources: list[dict]) -> list[tuple[str, str, set[str]]]:
    """(query, what it stands for, ids of the entries a reader is looking for)."""
    def tagged(tag: str) -> set[str]:
        return {r["id"] for r in resources if tag in r["tags"]}

    fp8 = tagged("fp8") | {r["id"] for r in resources if re.search(r"\bFP8\b", r["title"])}
    return [
        ("FlashAttention-3", "title", {"flashattention-3"}),
        ("Demystifying NCCL", "title", {"demystifying-nccl"}),
        ("Simon Boehm", "author", {"siboehm-cuda-matmul"}),
        ("salykova", "author", {"salykova-sgemm"}),
        ("Collective Communication", "tag", tagged("collectives")),
        ("FP8", "FP8", fp8),
        ("NCCL", "NCCL", {"nccl"}),
    ]


def rank(shown: list[str], wanted: set[str]) -> int | None:
    """1-based position of the first result that is one of `wanted`'s own cards."""
    for position, href in enumerate((h for h in shown if h), 1):
        if href.split("#")[-1] in wanted and "/topics/" in href:
            return position
    return None


def relevance(browser: object, site: Path, engine: str, verbose: bool) -> None:
    resources = json.loads((site / "resources.json").read_text(encoding="utf-8"))["resources"]
    with serve(site) as url:
        context = browser.new_context(service_workers="block")  # type: ignore[attr-defined]
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
        page = context.new_page()
        for query, kind, wanted in real_queries(resources):
            page.goto(url)
            shown = search_results(page, engine, query)
            top = [h for h in shown if h]
            position = rank(shown, wanted)
            listings = [h for h in top[:5] if any(part in h for part in LISTINGS)]
            verdict = "ok" if position is not None and position <= 5 else "MISSED"
            own = {h.split("#")[-1] for h in top if "/topics/" in h and "#" in h} & wanted
            print(f"  {query!r:28} ({kind:6}) rank {position if position else '-':>2} of {len(top):3} shown  "
                  f"{verdict:6}  listing pages in top 5: {len(listings)}  "
                  f"sought entries shown as their own result: {len(own)} of {len(wanted)}")
            if verbose:
                print("    top 5:", ", ".join(h.split("/", 3)[-1] for h in top[:5]))
        context.close()


def scale(browser: object, site: Path, engine: str) -> None:
    raw, gz = size(site / SEARCH_INDEX[engine])
    resources = json.loads((site / "resources.json").read_text(encoding="utf-8"))["resources"]
    target = resources[len(resources) // 2]
    print(f"  index {kb(raw)} ({kb(gz)} gzipped); every reader downloads all of it")
    with serve(site) as url:
        context = browser.new_context(service_workers="block")  # type: ignore[attr-defined]
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(url) else route.abort())
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url)
        search_results(page, engine, "swizzle", settle_ms=0)
        print(f"  first result for 'swizzle' {time.perf_counter() - start:.1f} s after opening the home page")
        page.goto(url)
        shown = search_results(page, engine, target["title"])
        print(f"  {target['title']!r}: rank {rank(shown, {target['id']}) or '-'} of {len(shown)} shown")
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--n", type=int, default=10_000, help="synthetic entries (0 to skip)")
    parser.add_argument("--verbose", action="store_true", help="print each query's first five results")
    args = parser.parse_args()
    engines = ENGINES if args.engine == "both" else (args.engine,)
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-search-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        synthetic = write_catalog(Path(tmp) / "synthetic-data", args.n) if args.n else None
        try:
            for engine in engines:
                project = make_project(Path(tmp) / f"real-{engine}", REPO / "data")
                gpulist_build(project, engine)
                print(f"\n== {engine}: the real list")
                relevance(browser, project / "site", engine, args.verbose)
                if synthetic is not None:
                    project = make_project(Path(tmp) / f"synthetic-{engine}", synthetic)
                    build = gpulist_build(project, engine)
                    print(f"\n== {engine}: synthetic {args.n:,} (gpulist build {build.seconds:.1f} s, "
                          f"peak {build.peak_mb:.0f} MB)")
                    scale(browser, project / "site", engine)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
