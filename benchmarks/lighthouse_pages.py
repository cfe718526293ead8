"""Prints Lighthouse's scores for each page type of the real site, served gzipped on loopback.

Issue 18's figures: at least 98 for performance and 100 for accessibility, best practices
and SEO, on the mobile preset, for home, a topic page, a concept page, the concepts index
(with its map), a path page, start here and all resources; every page under concepts/ at
most 60 KB gzipped. The site is built with the chosen engine, then served as a static host
serves it: gzip when the browser asks for it, files as they are otherwise.

Lighthouse comes from the npm registry (`npm install lighthouse`), run by Node with Debian's
chromium (CHROME_PATH). It is installed on first use into .cache/lighthouse/ (git-ignored),
or taken from LIGHTHOUSE_DIR. A figure, not a test: scores move with the machine's load.

    .venv/bin/python -m benchmarks.lighthouse_pages [--engine zensical|mkdocs|both] [--runs 1]
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

from benchmarks._sitekit import ENGINES, REPO, gpulist_build, make_project, serve_gzip

PAGES = {
    "home": "", "topic": "topics/attention/", "concept page": "concepts/kv-cache/",
    "concepts index": "concepts/", "path": "paths/attention-kernels/", "start here": "start-here/",
    "all resources": "all-resources/",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
CHROMIUM = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
FLAGS = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run " \
        "--disable-background-networking --disable-component-update --disable-sync"


def lighthouse_cli() -> Path:
    folder = Path(os.environ.get("LIGHTHOUSE_DIR", REPO / ".cache" / "lighthouse"))
    cli = folder / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.is_file():
        subprocess.run(["npm", "install", "--prefix", str(folder), "--no-audit", "--no-fund", "--loglevel=error",
                        "lighthouse@12"], check=True)
    return cli


def scores(cli: Path, url: str) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(["node", str(cli), url, "--quiet", "--output=json", f"--output-path={out}",
                        f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={FLAGS}"],
                       env={**os.environ, "CHROME_PATH": CHROMIUM}, check=True, timeout=300)
        report = json.loads(out.read_text(encoding="utf-8"))
    found = {c: round(report["categories"][c]["score"] * 100) for c in CATEGORIES}
    found["tbt_ms"] = round(report["audits"]["total-blocking-time"]["numericValue"])
    return found


def concept_sizes(site: Path) -> tuple[int, str]:
    """The largest gzipped page under concepts/, and which."""
    sizes = {p: len(gzip.compress(p.read_bytes(), 6)) for p in (site / "concepts").rglob("index.html")}
    page = max(sizes, key=sizes.__getitem__)
    return sizes[page], str(page.relative_to(site))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=(*ENGINES, "both"), default="both")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page (median)")
    args = parser.parse_args()
    cli = lighthouse_cli()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; Lighthouse mobile preset, gzip on loopback")
    with tempfile.TemporaryDirectory(prefix="gpulist-lh-") as tmp:
        for engine in ENGINES if args.engine == "both" else (args.engine,):
            project = make_project(Path(tmp) / engine, REPO / "data")
            gpulist_build(project, engine)
            biggest, where = concept_sizes(project / "site")
            print(f"\n== {engine}: largest page under concepts/ {biggest / 1024:.1f} KB gzipped ({where}); "
                  f"target ≤ 60 KB: {biggest <= 60 * 1024}")
            with serve_gzip(project / "site") as base:
                for name, path in PAGES.items():
                    runs = [scores(cli, base + path) for _ in range(args.runs)]
                    median = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
                    ok = median["performance"] >= 98 and all(median[c] == 100 for c in CATEGORIES[1:])
                    print(f"{name:15s} perf {median['performance']:5.0f}  a11y {median['accessibility']:5.0f}  "
                          f"bp {median['best-practices']:5.0f}  seo {median['seo']:5.0f}  "
                          f"TBT {median['tbt_ms']:5.0f} ms  target met: {ok}")


if __name__ == "__main__":
    main()
