"""Shared pieces of the site benchmarks: a scratch project, timed commands, file sizes.

Each measured command runs in its own wrapper process so that its peak memory
(`ru_maxrss` of its largest descendant) is its own and not the benchmark's.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

# Runs argv, then prints the peak RSS (KiB on Linux) of the largest process it waited for.
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.exit(code)\n"
)


@dataclass(frozen=True, slots=True)
class Run:
    seconds: float
    peak_mb: float


def make_project(root: Path, data: Path) -> Path:
    """A project skeleton (mkdocs.yml, overrides, committed assets) whose data/ is `data`."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "mkdocs.yml", root / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", root / "overrides", dirs_exist_ok=True)
    shutil.copytree(REPO / "docs" / "assets", root / "docs" / "assets", dirs_exist_ok=True)
    if not (root / "data").exists():
        (root / "data").symlink_to(data.resolve())
    return root


def clean_generated(project: Path) -> None:
    """Remove generated pages and the built site, so each build starts from nothing."""
    for child in (project / "docs").iterdir():
        if child.name != "assets":
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    shutil.rmtree(project / "site", ignore_errors=True)


def timed(argv: list[str], cwd: Path) -> Run:
    """Wall time and peak memory of one command; a failure stops the benchmark loudly."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAPPER, *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"command failed ({done.returncode}): {' '.join(argv)}\n{done.stderr[-3000:]}")
    return Run(seconds, int(done.stdout.strip().splitlines()[-1]) / 1024)


def gpulist_build(project: Path, *extra: str) -> Run:
    clean_generated(project)
    return timed([str(BIN / "gpulist"), "build", "--data", "data", "--config", "mkdocs.yml", *extra], project)


def bare_mkdocs(project: Path) -> Run:
    """MkDocs alone on the pages gpulist already wrote: the floor gpulist is compared with."""
    shutil.rmtree(project / "site", ignore_errors=True)
    return timed([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", ".gpulist-mkdocs.yml"], project)


def size(path: Path) -> tuple[int, int]:
    """Bytes on disk and gzipped (what a server sends with compression)."""
    raw = path.read_bytes()
    return len(raw), len(gzip.compress(raw, 6))


def tree_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def largest_topic_page(site: Path) -> tuple[str, int]:
    pages = [(p.parent.name, p.stat().st_size) for p in (site / "topics").glob("*/index.html")]
    return max(pages, key=lambda item: item[1])


def count_entries(site: Path) -> int:
    return len(json.loads((site / "resources.json").read_text(encoding="utf-8"))["resources"])


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"
