"""Which topic, tier or group a heading of an imported list stands for.

Headings are matched by name: a topic's id or title ("Matrix Multiplication" matches
"Matrix Multiplication (The Gateway)"), "Tier 2" or a tier's own title within a topic, a
group's title, and a few words awesome lists commonly use for the same sections (ALIASES).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpulist.models import Topic
from gpulist.models.fields import slugify

ALIASES = {
    "gemm": "matmul", "matrix-multiplication": "matmul", "sgemm": "matmul", "flashattention": "attention",
    "triton": "compilers", "cutlass": "compilers", "dsls": "compilers", "compilers-and-dsls": "compilers",
    "profilers": "profiling", "tensor-core": "tensor-cores", "mixed-precision": "tensor-cores", "rocm": "amd-and-alternatives",
    "amd": "amd-and-alternatives", "serving": "inference", "llm-inference": "inference", "multi-gpu": "distributed",
    "distributed-training": "distributed", "getting-started": "fundamentals", "basics": "fundamentals",
}
_TIER = re.compile(r"^tier-([123])\b")


@dataclass(frozen=True, slots=True)
class Place:
    topic: Topic | None = None
    tier: int | None = None
    group: str | None = None


def heading_key(text: str) -> str:
    """'## 2. Matrix Multiplication (The Gateway) 🔥' -> 'matrix-multiplication-the-gateway'."""
    return slugify(re.sub(r"^\s*\d+[.)]?\s+", "", text))


def _names(title: str) -> set[str]:
    return {slugify(title), slugify(re.split(r"\s*(?:\(|&|:| and )\s*", title)[0])}


def match_topic(key: str, topics: list[Topic]) -> Topic | None:
    for topic in topics:
        if key == topic.id or key in _names(topic.title) or ALIASES.get(key) == topic.id:
            return topic
    return None


def _within(key: str, topic: Topic) -> Place | None:
    tier = _TIER.match(key)
    if tier and topic.tiered:
        return Place(topic, int(tier.group(1)))
    rest = _TIER.sub("", key).strip("-")
    for t in topic.tiers:
        if rest and rest in _names(t.title):
            return Place(topic, t.tier)
    for g in topic.groups:
        if key == g.id or key in _names(g.title):
            return Place(topic, None, g.id)
    return None


def _anywhere(key: str, topics: list[Topic]) -> Place | None:
    """A tier or group title that belongs to exactly one topic names that topic too."""
    found = [p for p in (_within(key, t) for t in topics) if p is not None and not _TIER.match(key)]
    return found[0] if len(found) == 1 else None


def place(headings: tuple[str, ...], topics: list[Topic]) -> Place:
    """Outer headings first; a deeper topic heading replaces an outer one."""
    current = Place()
    for heading in headings:
        key = heading_key(heading)
        inner = _within(key, current.topic) if current.topic else None
        topic = match_topic(key, topics) if inner is None else None
        if topic is not None:
            current = _within(key, topic) or Place(topic)  # 'Triton' is a topic alias and a tier
            continue
        inner = inner or (None if current.topic else _anywhere(key, topics))
        if inner is not None:
            current = inner
    return current
