"""The concept map: an HTML link per concept over an SVG of the edges, with the hooks the scripts read."""

from __future__ import annotations

import re
from xml.etree import ElementTree

from gpulist.site.concept_map import render_map
from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import layout
from gpulist.view.links import BUILT, SOURCE


def _map(view: SiteView, style: str = BUILT) -> str:
    return render_map(layout(list(view.concepts)), view, "concepts/index.md", style)


def _nodes(html: str) -> dict[str, dict[str, str]]:
    return {attrs["data-gpulist-map-node"]: attrs for attrs in
            (dict(re.findall(r'([\w-]+)="([^"]*)"', tag)) for tag in re.findall(r'<a class="gpulist-node"[^>]*>', html))}


def test_every_concept_is_a_link_to_its_page_with_its_hooks(view: SiteView) -> None:
    nodes = _nodes(_map(view))
    assert {n["href"] for n in nodes.values()} == {f"../concepts/{c.id}/" for c in view.concepts}
    assert nodes["cuda"]["data-gpulist-ids"] == "pmpp-book cuda-programming-guide ptx-isa flashattention-2"
    assert "data-gpulist-shade" in nodes["cuda"]  # reader.js's progress hook, kept
    assert {cid: (n["data-gpulist-area"], n["data-gpulist-requires"]) for cid, n in nodes.items()} == {
        "cuda": ("tools", ""), "attention": ("kernels", "cuda"), "fp8": ("numerics", "cuda"), "kv-cache": ("serving", "attention")}
    assert _map(view, SOURCE).count('href="cuda/"') == 1  # Zensical's links, from concepts/index.md
    html = _map(view)
    assert "<svg" in html and "<a " not in html[html.index("<svg"):html.index("</svg>")]  # no SVG links


def test_titles_are_whole(view: SiteView) -> None:
    from dataclasses import replace
    long = "Weight-and-Activation Quantization, a title too long for one line"
    concepts = tuple(c.model_copy(update={"title": long}) if c.id == "fp8" else c for c in view.concepts)
    html = render_map(layout(list(concepts)), replace(view, concepts=concepts), "concepts/index.md", BUILT)
    assert f">{long}</a>" in html and "…" not in html


def test_the_edges_are_decoration_with_arrowheads(view: SiteView) -> None:
    html = _map(view)
    root = ElementTree.fromstring(html[html.index("<svg"):html.index("</svg>") + 6])
    assert root.get("aria-hidden") == "true" and root.get("focusable") == "false"
    edges = [p.get("data-gpulist-edge") for p in root.iter("path") if p.get("data-gpulist-edge")]
    assert sorted(edges) == ["attention kv-cache", "cuda attention", "cuda fp8"]
    assert {m.get("id") for m in root.iter("marker")} == {"gpulist-arrow", "gpulist-arrow-on"}


def test_the_map_names_its_areas_says_it_scrolls_and_can_be_skipped(view: SiteView) -> None:
    html = _map(view)
    assert re.findall(r'<li data-gpulist-area="(\w+)">', html) == ["kernels", "tools", "numerics", "serving"]
    assert "data-gpulist-map-hint" in html and "scroll it sideways" in html and "Escape clears" in html
    assert '<a class="gpulist-map-skip" href="#a-z">' in html


def test_text_in_the_map_is_escaped(view: SiteView) -> None:
    from dataclasses import replace
    hostile = replace(view, concepts=tuple(c.model_copy(update={"title": '<script>x</script> & "q"'}) for c in view.concepts))
    html = render_map(layout(list(hostile.concepts)), hostile, "concepts/index.md", BUILT)
    assert "<script>" not in html and "&lt;script&gt;" in html
