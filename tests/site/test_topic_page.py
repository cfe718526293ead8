"""Topic pages: H1 title, an H2 per tier or group with the guide's subtitle, H3 cards."""

from __future__ import annotations

import re

from gpulist.site.topic_page import INDEX, render_topic, render_topic_index
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig


def headings(text: str, level: int) -> list[str]:
    return re.findall(rf"^{'#' * level} (.+)$", text, re.MULTILINE)


def test_tiered_topic(view: SiteView, config: SiteConfig) -> None:
    text = render_topic(view.topics[1], view, config)
    assert headings(text, 1) == ["Attention &amp; Memory-Bound Kernels"]
    assert headings(text, 2) == ["Tier 1: FlashAttention { #tier_1 }", "Tier 2: PagedAttention &amp; Serving { #tier_2 }",
                                 "Tier 3: KV Cache Optimization { #tier_3 }"]
    anchors = [h.rsplit("{ #", 1)[1].rstrip(" }") for h in headings(text, 3)]
    assert anchors == ["flashattention-2", "flashattention-3", "vllm", "tricky-title", "kv-old"]


def test_grouped_topic_and_empty_sections(view: SiteView, config: SiteConfig) -> None:
    text = render_topic(view.topics[2], view, config)
    assert headings(text, 2) == ["Industry Analysis { #group_industry-analysis }", "Communities { #group_communities }"]
    fundamentals = render_topic(view.topics[0], view, config)
    assert "## Tier 2: Architecture Deep Dives { #tier_2 }\n\n*No entries yet.*" in fundamentals


def test_topics_have_a_page_of_their_own(view: SiteView) -> None:
    """topics/ itself: every topic in the guide's order, linked, with its size and one-liner."""
    page = render_topic_index(view)
    assert INDEX == "topics/index.md" and "search:\n  exclude: true" in page
    links = re.findall(r"^- \*\*\[(.+?)\]\((.+?)\)\*\* · (\d+) entr", page, re.MULTILINE)
    assert links == [("1. Fundamentals", "fundamentals.md", "3"), ("2. Attention &amp; Memory-Bound Kernels",
                                                                   "attention.md", "5"),
                     ("3. The Big Picture", "big-picture.md", "2")]
    assert "  The industry around the kernels, and the communities." in page
