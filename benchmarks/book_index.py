"""How long the book index costs: parsing the seed (once) and loading data/book-index.yml
(on every `gpulist validate` and site build). Prints best-of-N wall and CPU seconds,
since other work on a shared machine inflates single runs.

    .venv/bin/python -m benchmarks.book_index [--runs N]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from gpulist.load.loader import BOOK_INDEX
from gpulist.load.yaml_reader import read_yaml
from gpulist.models import BookIndex
from gpulist.seeds.book_index import parse_book_index

REPO = Path(__file__).resolve().parent.parent
SEED = next((REPO / "tests" / "fixtures" / "seeds").glob("002_*.txt"))


def best(step: Callable[[], object], runs: int) -> tuple[float, float]:
    wall, cpu = float("inf"), float("inf")
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        step()
        wall, cpu = min(wall, time.perf_counter() - w), min(cpu, time.process_time() - c)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    seed_text = SEED.read_text(encoding="utf-8")
    path = REPO / "data" / BOOK_INDEX
    raw = path.read_bytes()
    doc, _ = read_yaml(str(path), raw)
    steps = {
        "parse seed": lambda: parse_book_index(seed_text, str(SEED)),
        "read yaml": lambda: read_yaml(str(path), raw),
        "validate model": lambda: BookIndex.model_validate(doc.data if doc else {}),
    }
    print(f"{path.name}: {len(raw) / 1024:.0f} KiB; seed {len(seed_text) / 1024:.0f} KiB; best of {runs}")
    for name, step in steps.items():
        wall, cpu = best(step, runs)
        print(f"  {name:16} {wall:6.3f} s wall  {cpu:6.3f} s cpu")


if __name__ == "__main__":
    main()
