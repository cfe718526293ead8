"""The concept map: an HTML link per concept over an SVG of the edges, hooks for progress shading."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from gpulist.site.concept_map import render_map
from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import layout
from gpulist.view.links import BUILT, SOURCE

from tests.site.conftest import CONFIG


def _svg(view: SiteView, style: str = BUILT) -> str:
    return render_map(layout(list(view.concepts)), view, "concepts/index.md", style)


def test_every_concept_is_a_link_to_its_page_with_its_entries(view: SiteView) -> None:
    svg = _svg(view)
    links = dict(re.findall(r'<a class="gpulist-node" href="([^"]+)"[^>]*data-gpulist-ids="([^"]*)"', svg))
    assert set(links) == {f"../concepts/{c.id}/" for c in view.concepts}
    assert links["../concepts/cuda/"] == "pmpp-book cuda-programming-guide ptx-isa flashattention-2"
    assert _svg(view, SOURCE).count('href="cuda/"') == 1  # Zensical's links, from concepts/index.md
    assert "<svg" in svg and "<a " not in svg[svg.index("<svg"):svg.index("</svg>")]  # no SVG links


def test_the_edges_are_well_formed_decoration(view: SiteView) -> None:
    svg = _svg(view)
    root = ElementTree.fromstring(svg[svg.index("<svg"):svg.index("</svg>") + 6])
    assert root.get("aria-hidden") == "true" and root.get("focusable") == "false"
    assert len(root) == 3  # one per requires: cuda→attention, cuda→fp8, attention→kv-cache


def test_long_titles_are_shortened_but_named_in_full(view: SiteView) -> None:
    from gpulist.site.concept_map import MAX_LABEL, _node
    long = "Weight-and-Activation Quantization, a title too long for one node"
    concepts = [c.model_copy(update={"title": long}) if c.id == "fp8" else c for c in view.concepts]
    nodes = layout(concepts).nodes
    assert "aria-label" not in _node(nodes["cuda"], [], "x/")
    shortened = _node(nodes["fp8"], [], "x/")
    assert f'aria-label="{long}"' in shortened
    label = shortened.rsplit('">', 1)[1].removesuffix("</a>")
    assert label.endswith("…") and len(label) <= MAX_LABEL


def test_text_in_the_map_is_escaped(view: SiteView) -> None:
    from dataclasses import replace
    hostile = replace(view, concepts=tuple(c.model_copy(update={"title": '<script>x</script> & "q"'}) for c in view.concepts))
    svg = render_map(layout(list(hostile.concepts)), hostile, "concepts/index.md", BUILT)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
