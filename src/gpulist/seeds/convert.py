"""Turn parsed guide entries into draft resource records for data/resources/.

Drafts, not final data: ids, tags, full titles and authors are improved by hand after
the one-off import, and the YAML is the source of truth from then on.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from gpulist.identity import arxiv_id
from gpulist.models import Topic
from gpulist.models.fields import slugify
from gpulist.seeds.guide import GuideEntry

# The founding catalog is dated 2025-06-01; the guide's ✨ items joined later.
FOUNDED = dt.date(2025, 6, 1)
RECENT = dt.date(2025, 12, 1)
_MAX_ID_WORDS = 6


def draft_id(title: str) -> str:
    """Short enough to type in a URL fragment, long enough to stay unique."""
    words = slugify(title).split("-")
    return "-".join(words[:_MAX_ID_WORDS])


# The guide's eleven sections, in its order: the topics they became. Topics the list added
# later (Quantization & Compression, between inference and LLM-generated kernels) took
# numbers of their own, so a section is found by this table, not by the topic's number.
GUIDE_SECTIONS = ("fundamentals", "matmul", "tensor-cores", "attention", "compilers", "profiling",
                  "amd-and-alternatives", "inference", "llm-kernels", "distributed", "big-picture")


def placement(entry: GuideEntry, topics: list[Topic]) -> dict[str, Any]:
    """Topic by the guide's section; tier for tiered topics, group id (matched by title) otherwise."""
    wanted = GUIDE_SECTIONS[entry.section - 1] if 0 < entry.section <= len(GUIDE_SECTIONS) else None
    topic = next((t for t in topics if t.id == wanted), None)
    if topic is None:
        raise ValueError(f"no topic for the guide's section {entry.section} ('{entry.title}')")
    if topic.tiered:
        return {"topic": topic.id, "tier": entry.tier}
    group = next((g.id for g in topic.groups if g.title == entry.subsection), None)
    if group is None:
        raise ValueError(f"topic '{topic.id}' has no group titled '{entry.subsection}'")
    return {"topic": topic.id, "group": group}


def draft_resource(entry: GuideEntry, topics: list[Topic]) -> dict[str, Any]:
    record: dict[str, Any] = {"title": entry.title, "url": entry.url, "type": entry.kind}
    record |= placement(entry, topics)
    if entry.authors:
        record["authors"] = list(entry.authors)
    if entry.url and (arxiv := arxiv_id(entry.url)):
        record["arxiv"] = arxiv
    if entry.notes:
        record["notes"] = list(entry.notes)
    if entry.links:
        record["links"] = [{"title": link.title, "url": link.url} for link in entry.links]
    record["added"] = RECENT if entry.new else FOUNDED
    if entry.favorite:
        record["favorite"] = True
    return record
