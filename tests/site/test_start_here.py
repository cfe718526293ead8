"""Start here: each topic's first reads, and a link to the paths (whose blocks are the home page's)."""

from __future__ import annotations

import re

from gpulist.site.start_here import FIRST_READS, first_reads, render_start_here
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_each_topics_first_reads_and_a_link_to_the_rest_and_to_the_paths(view: SiteView) -> None:
    """One place per block: the paths' choices, "Continue", "Ready for you" and the progress
    tools are the home page's; this page links the paths instead of repeating them."""
    text = render_start_here(view, CONFIG)
    assert "data-gpulist-path-choice" not in text and "data-gpulist-next" not in text
    assert "data-gpulist-progress-tools" not in text and "[reading path](paths/index.md)" in text
    topics = re.findall(r"^## (.+)$", text, re.MULTILINE)
    assert topics == ["1. Fundamentals", "2. Attention &amp; Memory-Bound Kernels", "3. The Big Picture"]
    reads = re.findall(r'<li data-gpulist-entry="([a-z0-9-]+)"', text)
    assert reads == ["pmpp-book", "cuda-programming-guide", "flashattention-2", "flashattention-3", "semianalysis"]
    assert "[All 5 entries of Attention &amp; Memory-Bound Kernels, tier by tier](topics/attention.md)" in text


def test_no_tier_listing_is_repeated_here(view: SiteView) -> None:
    text = render_start_here(view, CONFIG)
    listed = re.findall(r'<li data-gpulist-entry="([a-z0-9-]+)"', text)
    assert "vllm" not in listed and "kv-old" not in listed and "#step_" not in text
    assert all(len(first_reads(t)) <= FIRST_READS for t in view.topics)
