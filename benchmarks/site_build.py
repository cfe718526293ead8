"""Prints the site's build figures for each engine (Zensical, MkDocs), against issue 11's targets.

- the real list: `gpulist build` from nothing (≤ 1.5 s for the default engine), against the
  engine alone on the same pages; its search index and largest topic page;
- a synthetic catalog (default 10,000 entries), every page: full build < 15 s and < 500 MB,
  our own part (load, validate, render, write: `gpulist build --no-engine`) < 2 s.

Each build starts from nothing: no pages, no site, no Zensical cache (`.cache/`); a warm
rebuild, which keeps them, is printed too. The engines take turns, run by run, so both see
the same load; each figure is the median of the runs, with the best run beside the wall
time (on a shared machine the best run is the closest to a quiet one). Peak memory is per
process: `gpulist build` runs the engine as a child, so its figure is the larger of the two.

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


KINDS = ("full", "warm", "ours", "bare")


def median_runs(runs: list[Run]) -> tuple[Run, float]:
    """The median run (peak memory: the largest), and the best wall time."""
    median = Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs),
                 statistics.median(r.cpu_seconds for r in runs))
    return median, min(r.seconds for r in runs)


def one_round(project: Path, engine: str) -> dict[str, Run]:
    """Full build, a warm rebuild, the engine alone, and our part alone."""
    return {"full": gpulist_build(project, engine), "warm": gpulist_build(project, engine, warm=True),
            "bare": bare_engine(project, engine), "ours": gpulist_build(project, engine, "--no-engine")}


def measure(projects: dict[str, Path], repeat: int) -> dict[str, dict[str, tuple[Run, float]]]:
    """`repeat` rounds, the engines taking turns within each round."""
    runs: dict[str, dict[str, list[Run]]] = {e: {k: [] for k in KINDS} for e in projects}
    for _ in range(repeat):
        for engine, project in projects.items():
            for kind, run in one_round(project, engine).items():
                runs[engine][kind].append(run)
    for engine, project in projects.items():
        gpulist_build(project, engine)  # leave a complete site behind for the size figures
    return {e: {k: median_runs(v) for k, v in kinds.items()} for e, kinds in runs.items()}


def report(label: str, project: Path, engine: str, runs: dict[str, tuple[Run, float]], limit: float) -> None:
    site = project / "site"
    (full, full_best), (warm, warm_best), (ours, ours_best), (bare, bare_best) = (runs[k] for k in KINDS)
    index_raw, index_gz = size(site / SEARCH_INDEX[engine])
    page, page_bytes = largest_topic_page(site)
    pages = sum(1 for _ in site.rglob("index.html"))
    print(f"\n== {engine}: {label}: {count_entries(site):,} entries, {pages} HTML pages")
    for name, run, best in (("gpulist build (cold)   ", full, full_best), ("gpulist build (warm)   ", warm, warm_best),
                            ("  our part (--no-engine)", ours, ours_best), (f"bare {engine:<18}", bare, bare_best)):
        print(f"{name}  {run.seconds:7.2f} s wall (best {best:6.2f})  {run.cpu_seconds:7.2f} s CPU   "
              f"peak {run.peak_mb:6.0f} MB")
    print(f"ratio gpulist/bare        {full.seconds / bare.seconds:7.2f} × wall  "
          f"{full.cpu_seconds / bare.cpu_seconds:5.2f} × CPU")
    print(f"search index             {kb(index_raw)} ({kb(index_gz)} gzipped)")
    print(f"largest topic page       {kb(page_bytes)} ({page})")
    print(f"target: full build ≤ {limit:g} s: median {full.seconds <= limit}, best {full_best <= limit}, "
          f"CPU {full.cpu_seconds <= limit}; peak < 500 MB: {full.peak_mb < 500}")


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
        catalogs = [] if args.skip_real else [(f"real list ({args.real})", "real", args.real, 1.5)]
        if args.n:
            catalogs.append((f"synthetic {args.n:,}", "synthetic", write_catalog(scratch / "synthetic-data", args.n), 15))
        for label, name, data, limit in catalogs:
            projects = {e: make_project(scratch / f"{name}-{e}", data) for e in engines}
            for engine, runs in measure(projects, args.repeat).items():
                report(label, projects[engine], engine, runs, limit)


if __name__ == "__main__":
    main()
