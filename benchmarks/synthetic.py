"""A synthetic catalog of any size, for benchmarks and scale tests.

It reuses the real topics.yml and concepts.yml (without their first reads and their worked
questions, which name real entries) so pages and facets look like the real site, adds `concepts` synthetic concepts
(default 1,000) with definitions and `requires` edges among them, and takes the real book
index (with the book's own entry) so the concept index is built. It writes a catalog that
passes `gpulist validate`, every concept with at least two entries: every figure measured on
it is a figure for a catalog that could really exist.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
TYPES = ("paper", "blog", "video", "book", "code", "docs", "course", "tool", "community", "exercise")
EFFORTS = ("quick", "hour", "afternoon", "days", "weeks")
ACCESSES = ("free",) * 7 + ("paid", "paywall", "login")  # most of the real list is free
WORDS = (
    "warp", "tensor", "kernel", "fusion", "attention", "cache", "pipeline", "async", "memory", "tile",
    "matmul", "latency", "throughput", "shared", "register", "cluster", "collective", "quantized", "sparse",
    "scheduler", "roofline", "occupancy", "prefetch", "stream", "graph", "compiler", "layout", "swizzle",
)


BOOK = "resources/ai-systems-performance-engineering.yml"


def write_catalog(root: Path, n: int, seed: int = 0, hosts: int = 50, book_index: bool = True,
                  concepts: int = 1000) -> Path:
    """Write `n` valid resources under root/resources, with topics and the real concepts copied
    from data/ and `concepts` synthetic ones; with `book_index`, one of the `n` is the book, and
    data/book-index.yml comes along."""
    rng = random.Random(seed)
    (root / "resources").mkdir(parents=True, exist_ok=True)
    for name in ("topics.yml", *(("book-index.yml", BOOK) if book_index and n else ())):
        shutil.copy(REPO / "data" / name, root / name)
    tags = write_concepts(root / "concepts.yml", concepts, rng)
    n -= 1 if book_index and n else 0
    topics = yaml.safe_load((root / "topics.yml").read_text(encoding="utf-8"))
    for i in range(n):
        entry = _entry(rng, i, rng.choice(topics), tags, hosts)
        text = "# yaml-language-server: $schema=../../schemas/resource.schema.json\n"
        text += yaml.safe_dump(entry, sort_keys=False, allow_unicode=True)
        (root / "resources" / f"synthetic-{i:05d}.yml").write_text(text, encoding="utf-8")
    return root


def _entry(rng: random.Random, i: int, topic: dict, tags: list[str], hosts: int) -> dict:
    words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8)))
    entry: dict = {
        "title": f"{words.title()} {i}",
        "url": f"https://host{i % hosts}.example.org/posts/{i}",
        "type": rng.choice(TYPES),
        "topic": topic["id"],
    }
    if topic.get("tiers"):
        entry["tier"] = rng.randint(1, 3)
    else:
        entry["group"] = rng.choice(topic["groups"])["id"]
    # Two concepts in turn, so every concept has at least two entries once n >= 2 * len(tags).
    fixed = {tags[(2 * i) % len(tags)], tags[(2 * i + 1) % len(tags)]}
    entry["tags"] = sorted(fixed | set(rng.sample(tags, k=min(len(tags), rng.randint(0, 2)))))
    entry["authors"] = [f"Author {rng.randint(1, 900)}"]
    entry["year"] = rng.randint(2008, 2026)
    entry["notes"] = [f"How {rng.choice(WORDS)} and {rng.choice(WORDS)} interact on a GPU, measured step by step with the numbers to show it."
                      for _ in range(2)]
    entry["added"] = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 700))
    entry["favorite"] = rng.random() < 0.05
    _reading_fields(entry, random.Random(i), tags)
    return entry


def write_concepts(path: Path, n: int, rng: random.Random) -> list[str]:
    """The real vocabulary, first reads and questions dropped, then `n` synthetic concepts, each requiring up
    to three earlier ones (a layered graph, as the real one is). Returns every concept id."""
    real = yaml.safe_load((REPO / "data" / "concepts.yml").read_text(encoding="utf-8"))
    for concept in real:
        concept.pop("start", None)
        concept.pop("check", None)  # each question's `source` is a real entry
    made = []
    for i in range(n):
        earlier = [f"synthetic-concept-{j}" for j in rng.sample(range(i), k=min(i, rng.randint(0, 3)))]
        made.append({"id": f"synthetic-concept-{i}", "title": f"{rng.choice(WORDS).title()} concept {i}",
                     "description": "A synthetic concept.", "requires": earlier or [rng.choice(real)["id"]],
                     "definition": f"Synthetic concept number {i}, made for scale. It requires up to three "
                                   "earlier concepts, so the map has layers to draw."})
    path.write_text(yaml.safe_dump(real + made, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return [c["id"] for c in real + made]


def _reading_fields(entry: dict, rng: random.Random, tags: list[str]) -> None:
    """Effort, access and prerequisites as the real list has them (tier 2 and 3 entries
    require one or two concepts), from an entry's own generator: the fields above, and so
    the figures measured on them before these fields existed, stay as they were."""
    if entry["type"] not in ("community", "tool"):
        entry["effort"] = rng.choice(EFFORTS)
    entry["access"] = rng.choice(ACCESSES)
    if entry.get("tier", 1) > 1:
        entry["requires"] = sorted(set(rng.sample(tags, k=rng.randint(1, 2))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("-n", type=int, default=10_000)
    args = parser.parse_args()
    write_catalog(args.out, args.n)
    print(f"wrote {args.n} resources to {args.out}")


if __name__ == "__main__":
    main()
