"""Prints issue 27's figures: linked definitions, the maps, the page heights and search order.

- Real list: definitions that link 3 or more other concepts (target: at least 140 of 159),
  and 2 or more.
- A synthetic vocabulary of 1,000 concepts more (benchmarks/synthetic.py): our own CPU time
  to lay out and draw the concept map and every concept's local map, and to find every
  definition's links (target: under 1 s).
- In headless Chromium, on the real site built with each engine: the concepts index's
  height at 1280 px (target: at most 8,000 px) and at 412 px, the book page's, map nodes
  whose title is cut at 1280 px (target: 0), local-map nodes cut on every concept page at
  412 and 1280 px (target: 0).
- On the synthetic site (Zensical): the time from focusing a map node to its chain lit and
  styled, for 25 nodes across the map (target: within 50 ms at 1,000 concepts).
- Search: for 16 concept titles, 14 aliases and 8 entries' exact titles, whether the right
  page comes first, by each engine's own search worker run in Node on the built index.

Only 127.0.0.1 is contacted. Prints figures; asserts nothing. Needs Chromium, and Node for
the search figures.

    .venv/bin/python -m benchmarks.concept_pages [--engine zensical|mkdocs|both] [--skip-synthetic-site]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, ENGINES, REPO, SEARCH_INDEX, gpulist_build, make_project, serve
from benchmarks.synthetic import write_catalog

CONCEPT_TITLES = {"KV Cache": "kv-cache", "Kernels": "kernels", "Thread Blocks": "thread-blocks",
                  "Shared Memory": "shared-memory", "TMA": "tma", "GEMM": "gemm", "FlashAttention": "flashattention",
                  "CUDA": "cuda", "CuTe": "cute", "PyTorch": "pytorch", "Triton": "triton",
                  "Tensor Memory": "tensor-memory", "Quantization": "quantization", "Benchmarks": "benchmarks",
                  "FP8": "fp8", "Roofline": "roofline"}
ALIASES = {"tensor memory accelerator": "tma", "HBM": "gpu-memory", "GQA": "grouped-query-attention",
           "paged KV cache": "paged-attention", "split-K": "stream-k", "ZeRO": "zero-sharding",
           "cp.async": "async-copy", "MoE": "mixture-of-experts", "nvcc": "cuda-compilation",
           "Nsight Compute": "nsight", "warp shuffle": "warp-primitives", "im2col": "convolution",
           "NVLink": "nvlink", "KV cache": "kv-cache"}
ENTRIES = {"Programming Massively Parallel Processors: A Hands-on Approach": "pmpp",
           "FlashAttention-2: Faster Attention with Better Parallelism and Work Partitioning": "flashattention-2",
           "FlashAttention: Fast and Memory-Efficient Exact Attention with IO-Awareness": "flashattention",
           "Efficient Memory Management for Large Language Model Serving with PagedAttention": "pagedattention",
           "CUTLASS Tutorial: Mastering the NVIDIA Tensor Memory Accelerator (TMA)": "colfax-tma-tutorial",
           "How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance: a Worklog": "siboehm-cuda-matmul",
           "Triton Puzzles": "triton-puzzles", "CUTLASS: CUDA Templates for Linear Algebra Subroutines": "cutlass"}
WORKERS = Path(__file__).with_name("search_workers.js")  # each engine's worker, run in Node
CLIPPED = ("sel => [...document.querySelectorAll(sel)].filter(n => n.scrollHeight > n.clientHeight + 1 || "
           "n.scrollWidth > n.clientWidth + 1).length")


def linked_definitions() -> None:
    from gpulist.concept_names import Names
    from gpulist.load import load_catalog
    catalog, _ = load_catalog(REPO / "data")
    names = Names(catalog.concepts)
    counts = [len(names.mentions(c.definition or "", c.id)) for c in catalog.concepts]
    print(f"definitions linking 3 or more other concepts: {sum(n >= 3 for n in counts)} of {len(counts)} "
          f"(2 or more: {sum(n >= 2 for n in counts)}; mean {statistics.fmean(counts):.1f} links)")


def maps_time(data: Path) -> None:
    """Our CPU time for every map and every definition's links of a large vocabulary."""
    from gpulist.checks import validate
    from gpulist.site.concept_map import render_map
    from gpulist.site.local_map import render_local_map
    from gpulist.view.catalog import build_view
    from gpulist.view.concept_map import layout
    from gpulist.view.local_map import local_layout
    catalog, _ = validate(data)
    start = time.process_time()
    view = build_view(catalog)  # finds every definition's links
    after_view = time.process_time()
    drawn = render_map(layout(list(view.concepts)), view, "concepts/index.md", "built")
    local = [render_local_map(local_layout(c.concept.id, view.concept_by_id), c.page, "built") for c in view.concept_views]
    done = time.process_time()
    print(f"{len(view.concepts):,} concepts: maps {done - after_view:.2f} s of CPU (the global map "
          f"{len(drawn) / 1024:,.0f} KB, {len(local):,} local maps), the whole view with every definition's "
          f"links {after_view - start:.2f} s; together {done - start:.2f} s")


def heights_and_clipping(browser: object, site: Path, engine: str) -> None:
    ids = [c["id"] for c in json.loads((site / "concepts.json").read_text(encoding="utf-8"))["concepts"]]
    with serve(site) as url:
        for width in (1280, 412):
            page = browser.new_page(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
            page.goto(url + "concepts/")
            page.wait_for_timeout(300)
            index = page.evaluate("document.documentElement.scrollHeight")
            nodes = page.evaluate(CLIPPED, "[data-gpulist-map-node]")
            scroll = page.evaluate("(() => { const s = document.querySelector('.gpulist-map-scroll'); "
                                   "return [s.clientWidth, s.scrollWidth] })()")
            page.goto(url + "book/")
            book = page.evaluate("document.documentElement.scrollHeight")
            local = 0
            for cid in ids:
                page.goto(url + f"concepts/{cid}/", wait_until="domcontentloaded")
                local += page.evaluate(CLIPPED, ".gpulist-local-node")
            print(f"  {width:4} px: concepts index {index:,} px tall (map {scroll[1]:,} px wide in a {scroll[0]:,} px "
                  f"column), book page {book:,} px; map titles cut: {nodes}; local-map nodes cut on "
                  f"{len(ids)} concept pages: {local}")
            page.close()


def highlight_time(browser: object, site: Path) -> None:
    """Focus → chain lit, styled and laid out (forced at once, in the page), and → the next
    painted frame (which waits for the display's frame as well), for 25 nodes over the map."""
    with serve(site) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900})  # type: ignore[attr-defined]
        page.goto(url + "concepts/")
        page.wait_for_function("document.documentElement.dataset.gpulistConceptMap === 'bound'")
        times = page.evaluate("""async () => {
          const nodes = [...document.querySelectorAll('[data-gpulist-map-node]')];
          const picked = nodes.filter((_, i) => i % Math.max(1, Math.floor(nodes.length / 25)) === 0).slice(0, 25);
          const frame = () => new Promise(r => requestAnimationFrame(() => r()));
          const out = [];
          for (const n of picked) {
            await frame(); await frame();
            const start = performance.now();
            n.focus({preventScroll: true});
            getComputedStyle(nodes[0]).color; n.getBoundingClientRect();
            const done = performance.now();
            await frame(); await frame();
            out.push([done - start, performance.now() - start, document.querySelectorAll('[data-gpulist-highlight]').length]);
          }
          return out;
        }""")
        work = sorted(t for t, _, _ in times)
        shown = sorted(t for _, t, _ in times)
        print(f"  {page.locator('[data-gpulist-map-node]').count():,} concepts: a chain lit, styled and laid out in "
              f"{statistics.median(work):.1f} ms (median of {len(work)} nodes; {work[-1]:.1f} ms at most), on screen "
              f"{statistics.median(shown):.1f} ms after the focus (two frames waited); chains of "
              f"{min(n for _, _, n in times)} to {max(n for _, _, n in times)} lit elements")
        page.close()


def search_order(site: Path, engine: str) -> None:
    import importlib.util
    package = "zensical" if engine == "zensical" else "material"
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations
    workers = Path(next(iter(spec.submodule_search_locations))) / "templates/assets/javascripts/workers"
    worker = next(workers.glob("search.*.min.js"))
    cases = [(q, f"concepts/{c}/") for q, c in {**CONCEPT_TITLES, **ALIASES}.items()] + \
            [(q, f"#{e}") for q, e in ENTRIES.items()]
    run = subprocess.run(["node", str(WORKERS), engine, str(worker), str(site / SEARCH_INDEX[engine]),
                          *[q for q, _ in cases]], capture_output=True, text=True, timeout=300, check=True)
    firsts = [json.loads(line) for line in run.stdout.splitlines()]
    wrong = [(q, first) for (q, want), first in zip(cases, firsts) if not first.endswith(want)]
    kinds = {"concept titles": CONCEPT_TITLES, "aliases": ALIASES, "entries' titles": ENTRIES}
    by_kind = ", ".join(f"{k} {sum(1 for q in v if q not in dict(wrong))}/{len(v)}" for k, v in kinds.items())
    print(f"  search: the right page first for {len(cases) - len(wrong)} of {len(cases)} ({by_kind})")
    for query, first in wrong:
        print(f"    {query!r}: {first or 'nothing'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--skip-synthetic-site", action="store_true", help="no synthetic site (highlight timing)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: times scale with it")
    linked_definitions()
    with tempfile.TemporaryDirectory(prefix="gpulist-concepts-") as tmp, sync_playwright() as playwright:
        synthetic = write_catalog(Path(tmp) / "synthetic-data", 2400, concepts=1000)
        maps_time(synthetic)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for engine in ENGINES if args.engine == "both" else (args.engine,):
                project = make_project(Path(tmp) / f"real-{engine}", REPO / "data")
                gpulist_build(project, engine)
                print(f"\n== {engine}: the real list")
                heights_and_clipping(browser, project / "site", engine)
                if shutil.which("node"):
                    search_order(project / "site", engine)
            if not args.skip_synthetic_site:
                project = make_project(Path(tmp) / "synthetic-zensical", synthetic)
                gpulist_build(project, "zensical")
                print("\n== zensical: the synthetic vocabulary")
                highlight_time(browser, project / "site")
        finally:
            browser.close()


if __name__ == "__main__":
    main()
