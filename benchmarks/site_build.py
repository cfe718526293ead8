"""Prints the site's build figures against issue 3's targets.

- the real list: `gpulist build` against a bare `mkdocs build` of the same pages (≤ 1.5×),
  its search index (< 500 KB) and its largest topic page (< 300 KB of HTML);
- a synthetic catalog (default 10,000 entries), all pages: full build < 20 s and < 500 MB,
  our own part (load, validate, render, write: `gpulist build --no-mkdocs`) < 2 s.

Peak memory is per process: `gpulist build` runs MkDocs as a child, so its figure is the
larger of the two, and the two together never exceed the sum of the separate figures.

    .venv/bin/python -m benchmarks.site_build [--n 10000] [--repeat 3] [--skip-real]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
from pathlib import Path

from benchmarks._sitekit import (
    REPO, Run, bare_mkdocs, count_entries, gpulist_build, kb, largest_topic_page, make_project, size,
)
from benchmarks.synthetic import write_catalog


def median_runs(runs: list[Run]) -> Run:
    return Run(statistics.median(r.seconds for r in runs), max(r.peak_mb for r in runs),
               statistics.median(r.cpu_seconds for r in runs))


def measure(project: Path, repeat: int) -> dict[str, Run]:
    """Full build, our part alone, and MkDocs alone on the same pages, `repeat` times each."""
    full, ours, bare = [], [], []
    for _ in range(repeat):
        full.append(gpulist_build(project))
        bare.append(bare_mkdocs(project))
        ours.append(gpulist_build(project, "--no-mkdocs"))
    gpulist_build(project)  # leave a complete site behind for the size figures
    return {"full": median_runs(full), "ours": median_runs(ours), "bare": median_runs(bare)}


def report(label: str, project: Path, runs: dict[str, Run], targets: bool) -> None:
    site = project / "site"
    full, ours, bare = runs["full"], runs["ours"], runs["bare"]
    index_raw, index_gz = size(site / "search" / "search_index.json")
    page, page_bytes = largest_topic_page(site)
    json_raw, json_gz = size(site / "resources.json")
    pages = sum(1 for _ in site.rglob("index.html"))
    print(f"\n== {label}: {count_entries(site):,} entries, {pages} HTML pages")
    for name, run in (("gpulist build (all)    ", full), ("  our part (--no-mkdocs)", ours), ("bare mkdocs build      ", bare)):
        print(f"{name}  {run.seconds:7.2f} s wall  {run.cpu_seconds:7.2f} s CPU   peak {run.peak_mb:6.0f} MB")
    print(f"ratio gpulist/bare        {full.seconds / bare.seconds:7.2f} × wall  "
          f"{full.cpu_seconds / bare.cpu_seconds:5.2f} × CPU   (target ≤ 1.5×)")
    print(f"search index             {kb(index_raw)} ({kb(index_gz)} gzipped)   (target < 500 KB for the real list)")
    print(f"largest topic page       {kb(page_bytes)} ({page})   (target < 300 KB)")
    print(f"resources.json           {kb(json_raw)} ({kb(json_gz)} gzipped)")
    if targets:
        print(f"targets: full < 20 s: {full.seconds < 20} (CPU {full.cpu_seconds < 20}); peak < 500 MB: "
              f"{max(full.peak_mb, ours.peak_mb + bare.peak_mb) < 500}; our part < 2 s: {ours.seconds < 2} "
              f"(CPU {ours.cpu_seconds < 2})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=10_000, help="synthetic entries (0 to skip)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (median): on a shared "
                        "machine single runs vary by 15%%")
    parser.add_argument("--skip-real", action="store_true")
    parser.add_argument("--real", type=Path, default=REPO / "data", help="the real list's data/ folder")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs: figures scale with it")
    with tempfile.TemporaryDirectory(prefix="gpulist-bench-") as tmp:
        scratch = Path(tmp)
        if not args.skip_real:
            project = make_project(scratch / "real", args.real)
            report(f"real list ({args.real})", project, measure(project, args.repeat), targets=False)
        if args.n:
            data = write_catalog(scratch / "synthetic-data", args.n)
            project = make_project(scratch / "synthetic", data)
            report(f"synthetic {args.n:,}", project, measure(project, args.repeat), targets=True)


if __name__ == "__main__":
    main()
