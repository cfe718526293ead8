"""Prints the site's build figures for each engine (Zensical, MkDocs), against issue 11's targets.

- the real list: `gpulist build` from nothing (≤ 1.5 s for the default engine), against the
  engine alone on the same pages; its search index and largest topic page;
- a synthetic catalog (default 10,000 entries), every page: full build < 15 s and < 500 MB,
  our own part (load, validate, render, write: `gpulist build --no-engine`) < 2 s.

Each build starts from nothing: no pages, no site, no Zensical cache (`.cache/`); a warm
rebuild, which keeps them, is printed too. Peak memory is per process: `gpulist build`
runs the engine as a child, so its figure is the larger of the two.

    .venv/bin/python -m benchmarks.site_build [--engine zensical|mkdocs|both] [--n 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from benchmarks._sitekit import (
    ENGINES, REPO, SEARCH_INDEX, Run, bare_engine, count_entries, gpulist_build, kb, largest_topic_page,
    make_project, size,
)
from benchmarks.synthetic import write_catalog


def median_runs(runs: list[Run]) -> Run:
    return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs),
               statistics.median(r.cpu_seconds for r in runs))


def measure(project: Path, engine: str, repeat: int) -> dict[str, Run]:
    """Full build, a warm rebuild, our part alone and the engine alone, `repeat` times each."""
    full, warm, ours, bare = [], [], [], []
    for _ in range(repeat):
        full.append(gpulist_build(project, engine))
        warm.append(gpulist_build(project, engine, warm=True))
        bare.append(bare_engine(project, engine))
        ours.append(gpulist_build(project, engine, "--no-engine"))
    gpulist_build(project, engine)  # leave a complete site behind for the size figures
    return {"full": median_runs(full), "warm": median_runs(warm), "ours": median_runs(ours),
            "bare": median_runs(bare)}


def report(label: str, project: Path, engine: str, runs: dict[str, Run], limit: float) -> None:
    site = project / "site"
    full, warm, ours, bare = runs["full"], runs["warm"], runs["ours"], runs["bare"]
    index_raw, index_gz = size(site / SEARCH_INDEX[engine])
    page, page_bytes = largest_topic_page(site)
    pages = sum(1 for _ in site.rglob("index.html"))
    print(f"\n== {engine}: {label}: {count_entries(site):,} entries, {pages} HTML pages")
    for name, run in (("gpulist build (cold)   ", full), ("gpulist build (warm)   ", warm),
                      ("  our part (--no-engine)", ours), (f"bare {engine:<18}", bare)):
        print(f"{name}  {run.seconds:7.2f} s wall  {run.cpu_seconds:7.2f} s CPU   peak {run.peak_mb:6.0f} MB")
    print(f"ratio gpulist/bare        {full.seconds / bare.seconds:7.2f} × wall  "
          f"{full.cpu_seconds / bare.cpu_seconds:5.2f} × CPU")
    print(f"search index             {kb(index_raw)} ({kb(index_gz)} gzipped)")
    print(f"largest topic page       {kb(page_bytes)} ({page})")
    print(f"target: full build ≤ {limit:g} s: {full.seconds <= limit} (CPU {full.cpu_seconds <= limit}); "
          f"peak < 500 MB: {full.peak_mb < 500}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--n", type=int, default=10_000, help="synthetic entries (0 to skip)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median): on a shared "
                        "machine single runs vary by 15%%")
    parser.add_argument("--skip-real", action="store_true")
    parser.add_argument("--real", type=Path, default=REPO / "data", help="the real list's data/ folder")
    args = parser.parse_args()
    engines = ENGINES if args.engine == "both" else (args.engine,)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: figures scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-bench-") as tmp:
        scratch = Path(tmp)
        synthetic = write_catalog(scratch / "synthetic-data", args.n) if args.n else None
        for engine in engines:
            if not args.skip_real:
                project = make_project(scratch / f"real-{engine}", args.real)
                report(f"real list ({args.real})", project, engine, measure(project, engine, args.repeat), 1.5)
            if synthetic is not None:
                project = make_project(scratch / f"synthetic-{engine}", synthetic)
                report(f"synthetic {args.n:,}", project, engine, measure(project, engine, args.repeat), 15)


if __name__ == "__main__":
    main()
