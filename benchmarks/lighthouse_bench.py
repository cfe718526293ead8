"""Lighthouse's scores for a topic page with filters, or for every page type, per engine.

Builds the site (the repository's data/ by default; --fixture for the test fixture, or --n for
a synthetic catalog) with `gpulist build`, serves it gzipped on 127.0.0.1, as a real host
sends it, and runs Lighthouse with Debian's chromium (CHROME_PATH) on a topic page opened with
filters in its address (by default ?status=unread&type=paper,blog,docs), in Lighthouse's
default mobile setting (simulated slow 4G, 4x CPU slowdown) and its desktop preset. Prints
the scores, the metrics behind the performance score, any accessibility audit that failed
and any request that left 127.0.0.1; asserts nothing.

With --all-pages it scores, on the mobile preset, each page type issue 18 names (home, a
topic, a concept page, the concepts index with its map, a path, start here, all resources,
and the book's index page of issue 27, and the Review page of issue 38)
in all four categories (performance, accessibility, best practices, SEO), and prints the
largest page under concepts/ gzipped (issue 18's limit: 60 KB); `--only TYPE` picks types, and
`--explain` prints where each page's main-thread time went in Lighthouse's trace of the load
(by kind, by script, its long tasks).

Lighthouse is no dependency of gpulist: install it where you like (`npm install lighthouse`
in a scratch folder; version 12 runs on Node 20) and pass its program with --lighthouse.

    .venv/bin/python -m benchmarks.lighthouse_bench --lighthouse DIR/node_modules/.bin/lighthouse \\
        [--fixture | --n 10000] [--page topics/attention/] [--query '?status=unread'] [--engine both] [--runs 3]
        [--all-pages]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, REPO, gpulist_build, make_project, serve
from benchmarks.synthetic import write_catalog

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
# The tag pages of old (tags/<id>/) are redirects to concept pages now: not a page type.
PAGE_TYPES = {
    "home": "", "topic": "topics/attention/", "concept page": "concepts/kv-cache/",
    "concepts index": "concepts/", "path": "paths/attention-kernels/", "start here": "start-here/",
    "all resources": "all-resources/", "book page": "book/", "recent": "recent/",
    "paths index": "paths/", "topics index": "topics/", "gpu numbers": "gpus/", "labs": "labs/",
    "concept with a measured chart": "concepts/memory-coalescing/", "review": "review/", "practice": "practice/",
}
METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index")


def lighthouse(program: str, url: str, desktop: bool) -> dict:
    """One Lighthouse run, its JSON report."""
    flags = " ".join(a for a in CHROMIUM_ARGS if a != "--headless") + " --headless=new"
    argv = [program, url, "--output=json", "--output-path=stdout", "--quiet",
            f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}"]
    if desktop:
        argv.append("--preset=desktop")
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=600,
                          env={**os.environ, "CHROME_PATH": CHROMIUM})
    if done.returncode != 0:
        raise SystemExit(f"lighthouse failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return json.loads(done.stdout)


def summary(report: dict) -> dict:
    audits = report["audits"]
    requests = audits.get("network-requests", {}).get("details", {}).get("items", [])
    return {
        "performance": round(report["categories"]["performance"]["score"] * 100),
        "accessibility": round(report["categories"]["accessibility"]["score"] * 100),
        "best-practices": round(report["categories"]["best-practices"]["score"] * 100),
        "seo": round(report["categories"]["seo"]["score"] * 100),
        "metrics": {m: audits[m]["numericValue"] for m in METRICS if m in audits},
        "failed": _failed(report, "accessibility"),
        "bp_failed": _failed(report, "best-practices"),
        "offsite": sorted({r["url"] for r in requests if not r["url"].startswith(("http://127.0.0.1", "data:", "blob:"))}),
        # Where the main thread's time went (Lighthouse's trace of the load): by kind, by script, long tasks.
        "work": {i["groupLabel"]: i["duration"] for i in _items(audits, "mainthread-work-breakdown")},
        "scripts": {i["url"].rsplit("/", 1)[-1] or i["url"]: i["total"] for i in _items(audits, "bootup-time")},
        "long_tasks": [(i["url"].rsplit("/", 1)[-1], round(i["duration"])) for i in _items(audits, "long-tasks")],
    }


def _failed(report: dict, category: str) -> list[str]:
    """The audits of a category that count toward its score and did not pass."""
    audits = report["audits"]
    return sorted(a["id"] for a in report["categories"][category]["auditRefs"]
                  if audits[a["id"]]["score"] is not None and audits[a["id"]]["score"] < 1 and a["weight"])


def _items(audits: dict, name: str) -> list[dict]:
    return audits.get(name, {}).get("details", {}).get("items", [])


def explain(found: list[dict]) -> None:
    """The median main-thread work by kind and by script, and the long tasks of the median run."""
    kinds = {k: statistics.median(r["work"].get(k, 0) for r in found) for k in found[0]["work"]}
    scripts = {k: statistics.median(r["scripts"].get(k, 0) for r in found) for k in found[0]["scripts"]}
    middle = sorted(found, key=lambda r: r["performance"])[len(found) // 2]
    print("      main thread: " + ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(kinds.items(), key=lambda kv: -kv[1])))
    print("      by script: " + ", ".join(f"{k} {v:.0f} ms" for k, v in sorted(scripts.items(), key=lambda kv: -kv[1])[:5]))
    print(f"      long tasks (simulated): {middle['long_tasks']}", flush=True)


def report(label: str, runs: list[dict]) -> None:
    perf = [r["performance"] for r in runs]
    access = [r["accessibility"] for r in runs]
    metrics = {m: statistics.median(r["metrics"][m] for r in runs) for m in runs[0]["metrics"]}
    shown = ", ".join(f"{m.replace('-', ' ')} {v:.3f}" if m == "cumulative-layout-shift" else f"{m.replace('-', ' ')} {v:.0f} ms"
                      for m, v in metrics.items())
    print(f"  {label:<8} performance {min(perf)}–{max(perf)} (median {statistics.median(perf):.0f}), "
          f"accessibility {min(access)}–{max(access)} | medians: {shown}")
    failed = sorted({a for r in runs for a in r["failed"]})
    offsite = sorted({u for r in runs for u in r["offsite"]})
    if failed:
        print(f"  {'':<8} accessibility audits failed: {', '.join(failed)}")
    print(f"  {'':<8} requests that left 127.0.0.1: {', '.join(offsite) if offsite else 'none'}")


def page_types(program: str, url: str, site: Path, runs: int, only: list[str] | None = None,
               why: bool = False) -> None:
    """Issue 18's figures: every page type on the mobile preset, and the concepts pages' weight."""
    sizes = {p: len(gzip.compress(p.read_bytes(), 6)) for p in (site / "concepts").rglob("index.html")}
    biggest = max(sizes, key=sizes.__getitem__)
    print(f"  largest page under concepts/: {sizes[biggest] / 1024:.1f} KB gzipped ({biggest.relative_to(site)})")
    for name, path in PAGE_TYPES.items():
        if only and name not in only:
            continue
        found = [summary(lighthouse(program, url + path, desktop=False)) for _ in range(runs)]
        median = {c: statistics.median(r[c] for r in found) for c in CATEGORIES}
        tbt = statistics.median(r["metrics"]["total-blocking-time"] for r in found)
        failed = sorted({a for r in found for a in r["failed"]})
        practices = sorted({a for r in found for a in r["bp_failed"]})
        print(f"  {name:<15} " + "  ".join(f"{c} {median[c]:.0f}" for c in CATEGORIES)
              + f"  (TBT {tbt:.0f} ms; performance {min(r['performance'] for r in found)}–"
              f"{max(r['performance'] for r in found)}; load average {os.getloadavg()[0]:.1f})"
              + (f"; accessibility audits failed: {', '.join(failed)}" if failed else "")
              + (f"; best-practices audits failed: {', '.join(practices)}" if practices else ""), flush=True)
        if why:
            explain(found)


def data_folder(args: argparse.Namespace, tmp: Path) -> Path:
    if args.n:
        return write_catalog(tmp / "data", args.n)
    return REPO / "tests" / "fixtures" / "site" if args.fixture else REPO / "data"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lighthouse", default=os.environ.get("LIGHTHOUSE", "lighthouse"))
    parser.add_argument("--fixture", action="store_true", help="the test fixture's catalog instead of data/")
    parser.add_argument("--n", type=int, default=0, help="a synthetic catalog of N entries instead of data/")
    parser.add_argument("--page", default="topics/attention/")
    parser.add_argument("--query", default="?status=unread&type=paper,blog,docs")
    parser.add_argument("--engine", choices=("zensical", "mkdocs", "both"), default="both")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--all-pages", action="store_true", help="every page type, all four categories (mobile)")
    parser.add_argument("--only", action="append", help="with --all-pages: just this page type (repeatable)")
    parser.add_argument("--explain", action="store_true", help="with --all-pages: where each page's main-thread time went")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; Lighthouse simulates its throttling")
    with tempfile.TemporaryDirectory(prefix="gpulist-lighthouse-") as tmp:
        data = data_folder(args, Path(tmp))
        for engine in ("zensical", "mkdocs") if args.engine == "both" else (args.engine,):
            project = make_project(Path(tmp) / f"site-{engine}", data)
            gpulist_build(project, engine)
            with serve(project / "site", compress=True) as url:
                if args.all_pages:
                    print(f"{engine}: every page type, mobile preset")
                    page_types(args.lighthouse, url, project / "site", args.runs, args.only, args.explain)
                    continue
                print(f"{engine}: {args.page}{args.query}")
                for label, desktop in (("mobile", False), ("desktop", True)):
                    report(label, [summary(lighthouse(args.lighthouse, url + args.page + args.query, desktop))
                                   for _ in range(args.runs)])


if __name__ == "__main__":
    main()
