"""Lighthouse's performance and accessibility scores for a topic page with filters, per engine.

Builds the site (the repository's data/ by default; --fixture for the test fixture, or --n for
a synthetic catalog) with `gpulist build`, serves it gzipped on 127.0.0.1, as a real host
sends it, and runs Lighthouse with Debian's chromium (CHROME_PATH) on a topic page opened with
filters in its address (by default ?status=unread&type=paper,blog,docs), in Lighthouse's
default mobile setting (simulated slow 4G, 4x CPU slowdown) and its desktop preset. Prints
the scores, the metrics behind the performance score, any accessibility audit that failed
and any request that left 127.0.0.1; asserts nothing.

Lighthouse is no dependency of gpulist: install it where you like (`npm install lighthouse`
in a scratch folder; version 12 runs on Node 20) and pass its program with --lighthouse.

    .venv/bin/python -m benchmarks.lighthouse_bench --lighthouse DIR/node_modules/.bin/lighthouse \\
        [--fixture | --n 10000] [--page topics/attention/] [--query '?status=unread'] [--engine both] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path

from benchmarks._sitekit import CHROMIUM, CHROMIUM_ARGS, REPO, gpulist_build, make_project, serve
from benchmarks.synthetic import write_catalog

METRICS = ("first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift",
           "speed-index")


def lighthouse(program: str, url: str, desktop: bool) -> dict:
    """One Lighthouse run, its JSON report."""
    flags = " ".join(a for a in CHROMIUM_ARGS if a != "--headless") + " --headless=new"
    argv = [program, url, "--output=json", "--output-path=stdout", "--quiet",
            "--only-categories=performance,accessibility", f"--chrome-flags={flags}"]
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
        "metrics": {m: audits[m]["numericValue"] for m in METRICS if m in audits},
        "failed": sorted(a["id"] for a in report["categories"]["accessibility"]["auditRefs"]
                         if audits[a["id"]]["score"] is not None and audits[a["id"]]["score"] < 1 and a["weight"]),
        "offsite": sorted({r["url"] for r in requests if not r["url"].startswith(("http://127.0.0.1", "data:", "blob:"))}),
    }


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
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; Lighthouse simulates its throttling")
    with tempfile.TemporaryDirectory(prefix="gpulist-lighthouse-") as tmp:
        data = data_folder(args, Path(tmp))
        for engine in ("zensical", "mkdocs") if args.engine == "both" else (args.engine,):
            project = make_project(Path(tmp) / f"site-{engine}", data)
            gpulist_build(project, engine)
            with serve(project / "site", compress=True) as url:
                print(f"{engine}: {args.page}{args.query}")
                for label, desktop in (("mobile", False), ("desktop", True)):
                    report(label, [summary(lighthouse(args.lighthouse, url + args.page + args.query, desktop))
                                   for _ in range(args.runs)])


if __name__ == "__main__":
    main()
