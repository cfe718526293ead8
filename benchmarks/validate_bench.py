"""How long does `gpulist validate` take on a catalog of 10,000 entries? (Issue 2's target: < 2 s.)

Prints figures, asserts nothing: a benchmark that fails on a slow machine tells nobody
anything, a printed figure can be compared across commits. Three measurements:

1. end to end: `python -m gpulist validate` in a subprocess, as CI and contributors run it,
   several runs, min and median wall time, and the children's peak RSS;
2. in process: load (read + parse + pydantic) versus the cross-file checks, to show where
   the time goes, and load again with the cyclic garbage collector disabled;
3. PyYAML alone, libyaml (CSafeLoader) versus pure Python (SafeLoader), over the same file
   texts already in memory: the event stream (what gpulist's reader consumes) and the
   composed node tree, to show what the C loader is worth.

Usage: python benchmarks/validate_bench.py [-n 10000] [--runs 5] [--data DIR]
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from benchmarks.synthetic import write_catalog  # noqa: E402
from gpulist.checks import run_checks  # noqa: E402
from gpulist.load import load_catalog, resource_files  # noqa: E402


def timed(fn: Callable[[], object], runs: int) -> tuple[list[float], list[float], object]:
    """Wall and CPU times of `runs` calls, and the last result (so callers can sanity-check it).

    CPU time is printed next to wall time because this machine is shared: when other jobs
    compete for its two cores, wall time swells and CPU time says what the code itself cost.
    """
    walls, cpus, result = [], [], None
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return walls, cpus, result


def fmt(walls: list[float], cpus: list[float] | None = None) -> str:
    text = f"wall min {min(walls):6.3f} s  median {statistics.median(walls):6.3f} s"
    if cpus:
        text += f" | cpu min {min(cpus):6.3f} s  median {statistics.median(cpus):6.3f} s"
    return text + f"  ({len(walls)} runs)"


def end_to_end(data: Path, runs: int) -> None:
    cmd = [sys.executable, "-m", "gpulist", "validate", "--data", str(data)]

    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, cwd=data.parent, capture_output=True, text=True, check=False)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
        if proc.returncode != 0:
            raise SystemExit(f"validate failed on the synthetic catalog:\n{proc.stdout[:2000]}{proc.stderr[:2000]}")
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux; the largest child
    print(f"end to end   gpulist validate           {fmt(walls, cpus)}   peak RSS {peak_kib / 1024:.0f} MiB")
    print(f"             ({proc.stderr.strip()})")


def in_process(data: Path, runs: int) -> None:
    load_walls, load_cpus, loaded = timed(lambda: load_catalog(data), runs)
    catalog, problems = loaded  # type: ignore[misc]
    assert not problems, problems[:5]
    check_walls, check_cpus, _ = timed(lambda: run_checks(catalog), runs)
    gc.disable()  # how much of loading is the cyclic GC walking an ever larger heap?
    try:
        nogc_walls, nogc_cpus, _ = timed(lambda: load_catalog(data), runs)
    finally:
        gc.enable()
    print(f"in process   load                       {fmt(load_walls, load_cpus)}")
    print(f"             load, gc disabled          {fmt(nogc_walls, nogc_cpus)}")
    print(f"             checks                     {fmt(check_walls, check_cpus)}")


def _compose_all(texts: list[str], loader: type) -> None:
    """Compose and drop each tree: keeping 10,000 trees alive would time the garbage collector."""
    for text in texts:
        yaml.compose(text, Loader=loader)


def _parse_all(texts: list[str], loader: type) -> None:
    """The event stream alone, which is what gpulist's reader consumes."""
    for text in texts:
        for _ in yaml.parse(text, Loader=loader):
            pass


def compose_only(data: Path, runs: int) -> None:
    texts = [p.read_text(encoding="utf-8") for p in resource_files(data)]
    loaders = [("CSafeLoader (libyaml)", getattr(yaml, "CSafeLoader", None)), ("SafeLoader (pure Python)", yaml.SafeLoader)]
    for stage, work in (("parse", _parse_all), ("compose", _compose_all)):
        for name, loader in loaders:
            if loader is None:
                print(f"{stage:<12} {name:<26} not available in this PyYAML build")
                continue
            walls, cpus, _ = timed(lambda: work(texts, loader), runs)
            print(f"{stage:<12} {name:<26} {fmt(walls, cpus)}")


def _load_average() -> str:
    """Other jobs on the machine inflate wall times; print how busy it was."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def describe_commit() -> str:
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=REPO, capture_output=True, text=True, check=False).stdout.strip()

    dirty = " (with uncommitted changes)" if git("status", "--porcelain", "--", "src") else ""
    return f"{git('rev-parse', '--short', 'HEAD')} {git('log', '-1', '--format=%s')[:70]}{dirty}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=10_000, help="entries in the synthetic catalog (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--compose-runs", type=int, default=2, help="runs of the compose comparison (default 2)")
    parser.add_argument("--data", type=Path, help="write the synthetic catalog here (reused if already there)")
    args = parser.parse_args()

    print(f"gpulist at {describe_commit()}")
    print(f"Python {platform.python_version()}, PyYAML {yaml.__version__} (libyaml: {yaml.__with_libyaml__}), "
          f"{os.cpu_count()} CPUs, {platform.machine()}")
    with tempfile.TemporaryDirectory(prefix="gpulist-bench-") as tmp:
        data = args.data or Path(tmp) / "data"
        if len(resource_files(data)) != args.n:
            start = time.perf_counter()
            write_catalog(data, args.n)
            print(f"synthetic catalog: {args.n} entries written in {time.perf_counter() - start:.1f} s")
        print(f"synthetic catalog: {len(resource_files(data))} entries in {data}; load average {_load_average()}")
        end_to_end(data, args.runs)
        in_process(data, args.runs)
        compose_only(data, args.compose_runs)


if __name__ == "__main__":
    main()
