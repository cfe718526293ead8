"""The path: every tier 1 in topic order, then tier 2, then tier 3, then the groups."""

from __future__ import annotations

import re

from gpulist.site.start_here import render_start_here, steps
from gpulist.view.catalog import SiteView

from tests.site.conftest import CONFIG


def test_steps_are_tiers_in_topic_order(view: SiteView) -> None:
    ids = [[e.resource.id for e in step] for step in steps(view)]
    assert ids == [["pmpp-book", "cuda-programming-guide", "flashattention-2", "flashattention-3"], ["vllm"],
                   ["ptx-isa", "tricky-title", "kv-old"]]


def test_page_order_and_further_reading(view: SiteView) -> None:
    text = render_start_here(view, CONFIG)
    anchors = re.findall(r'/#([a-z0-9-]+)"', text)
    assert anchors == ["pmpp-book", "cuda-programming-guide", "flashattention-2", "flashattention-3", "vllm",
                       "ptx-isa", "tricky-title", "kv-old", "semianalysis", "gpu-mode"]
    assert text.index("{ #step_1 }") < text.index("{ #step_2 }") < text.index("{ #step_3 }") < text.index("{ #further }")
