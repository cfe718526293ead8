"""Pagefind with one record per entry, the shape that would replace lunr at scale.

Indexing the built topic pages (benchmarks/site_search.py) gives Pagefind 11 huge
documents, so each result drags in a whole topic page. Its Python API can instead index
each entry as a custom record whose URL is the entry's permalink (topics/<topic>/#<id>),
with the text the H3 section carries (title, authors, year, venue, notes, tags).
This prints the indexing time, index size and, in headless Chromium, the time and bytes
for one query's first result. Only 127.0.0.1 is contacted; it asserts nothing.

    .venv/bin/python -m benchmarks.site_search_records [--n 10000 50000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import tempfile
import time
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, kb, serve, tree_size
from benchmarks.site_search import QUERY, pagefind_in_browser
from benchmarks.synthetic import write_catalog
from gpulist.checks import validate


def record_text(resource: object) -> str:
    r = resource
    parts = [r.title, ", ".join(r.authors), str(r.year or ""), r.venue or "", *r.notes, *r.tags]  # type: ignore[attr-defined]
    return "\n".join(p for p in parts if p)


async def write_index(data: Path, out: Path) -> int:
    from pagefind.index import PagefindIndex

    catalog, _ = validate(data)
    async with PagefindIndex() as index:
        for r in catalog.resources:
            await index.add_custom_record(url=f"/topics/{r.topic}/#{r.id}", content=record_text(r),
                                          language="en", meta={"title": r.title})
        await index.write_files(output_path=str(out / "pagefind"))
    return len(catalog.resources)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, nargs="+", default=[10_000])
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-records-") as tmp, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for n in args.n:
            data = write_catalog(Path(tmp) / f"data-{n}", n)
            site = Path(tmp) / f"site-{n}"
            site.mkdir()
            (site / "index.html").write_text("<!doctype html><title>pagefind</title>", encoding="utf-8")
            start = time.perf_counter()
            count = asyncio.run(write_index(data, site))
            seconds = time.perf_counter() - start
            size, files = tree_size(site / "pagefind")
            print(f"\n== {count:,} entries as records: loaded and indexed in {seconds:.1f} s; "
                  f"{kb(size)} in {files} files")
            with serve(site) as url:
                context = browser.new_context(service_workers="block")
                context.route("**/*", lambda route, u=url: route.continue_() if route.request.url.startswith(u)
                              else route.abort())
                result, fetched, got = pagefind_in_browser(context.new_page(), url)
                print(f"pagefind  first result's data for {QUERY!r} in {result['ms'] / 1000:.2f} s; "
                      f"{result['hits']:,} entries hit, first {result['url']}; downloaded {kb(fetched)} in {got} files")
                context.close()
        browser.close()


if __name__ == "__main__":
    main()
