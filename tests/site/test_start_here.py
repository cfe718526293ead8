"""Start here, a chooser: the paths with who each is for, then each topic's first reads."""

from __future__ import annotations

import re

from gpulist.site.start_here import FIRST_READS, first_reads, render_start_here
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_paths_first_then_each_topics_first_reads_and_a_link_to_the_rest(view: SiteView) -> None:
    text = render_start_here(view, CONFIG)
    assert text.index("## Reading paths") < text.index("data-gpulist-path-choice") < text.index("## First reads")
    assert "For someone who has never written a kernel." in text
    topics = re.findall(r"^### (.+)$", text, re.MULTILINE)
    assert topics == ["1. Fundamentals", "2. Attention &amp; Memory-Bound Kernels", "3. The Big Picture"]
    reads = re.findall(r'<li data-gpulist-entry="([a-z0-9-]+)"', text)
    assert reads == ["pmpp-book", "cuda-programming-guide", "flashattention-2", "flashattention-3", "semianalysis"]
    assert "[All 5 entries of Attention &amp; Memory-Bound Kernels, tier by tier](topics/attention.md)" in text


def test_no_tier_listing_is_repeated_here(view: SiteView) -> None:
    text = render_start_here(view, CONFIG)
    listed = re.findall(r'<li data-gpulist-entry="([a-z0-9-]+)"', text)
    assert "vllm" not in listed and "kv-old" not in listed and "#step_" not in text
    assert all(len(first_reads(t)) <= FIRST_READS for t in view.topics)
