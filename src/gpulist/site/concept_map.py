"""The concept map as an inline SVG, drawn at build time from `gpulist.view.concept_map`.

Every node is a link to its concept page, with the concept's title as its text, so the map
works without JavaScript and a screen reader reads it as a list of links (the edges are
decoration, hidden from it). Each node link carries the reader.js progress hook
(`data-gpulist-shade` with the concept's entry ids): with JavaScript the script sets
`data-gpulist-state` (none, some, all read) and `--gpulist-read`, and the stylesheet shades
the node. Inline rather than an <img>: links inside an image file are not links.
"""

from __future__ import annotations

from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import NODE_H, NODE_W, MapLayout, MapNode
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text

MAX_LABEL = 27  # characters that fit a node at the map's font size


def render_map(layout: MapLayout, view: SiteView, page: str, style: str) -> str:
    ids = {c.concept.id: c.ids for c in view.concept_views}
    width, height = round(layout.width) + 2, round(layout.height) + 2
    edges = "".join(_edge(layout.nodes[a], layout.nodes[b]) for a, b in layout.edges)
    nodes = "\n".join(_node(n, ids.get(n.concept.id, []), href(page, f"concepts/{n.concept.id}.md", style))
                      for n in layout.nodes.values())
    return (f'<figure class="gpulist-map" aria-labelledby="gpulist-map-caption">\n'
            f'<figcaption id="gpulist-map-caption">The concept map: {len(layout.nodes)} concepts in '
            f"{layout.layers} layers, each below what it requires. Select one to open its page.</figcaption>\n"
            f'<div class="gpulist-map-scroll"><svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 {width} {height}" '
            f'width="{width}" height="{height}" role="group" aria-labelledby="gpulist-map-caption">\n'
            f'<g class="gpulist-map-edges" aria-hidden="true">{edges}</g>\n{nodes}\n</svg></div>\n</figure>\n')


def _edge(above: MapNode, below: MapNode) -> str:
    """A curve from the bottom of the required concept to the top of the one requiring it."""
    x1, y1 = above.x + NODE_W / 2, above.y + NODE_H
    x2, y2 = below.x + NODE_W / 2, below.y
    mid = (y1 + y2) / 2
    return f'<path d="M{x1:.0f} {y1:.0f}C{x1:.0f} {mid:.0f} {x2:.0f} {mid:.0f} {x2:.0f} {y2:.0f}"/>'


def _node(node: MapNode, ids: list[str], url: str) -> str:
    title = node.concept.title
    label = title if len(title) <= MAX_LABEL else title[:MAX_LABEL - 1].rstrip() + "…"
    name = f' aria-label="{escape_attr(title)}"' if label != title else ""
    return (f'<a href="{escape_attr(url)}"{name} data-gpulist-shade="" data-gpulist-ids="{" ".join(ids)}">'
            f'<rect x="{node.x:.0f}" y="{node.y:.0f}" width="{NODE_W}" height="{NODE_H}" rx="6"/>'
            f'<text x="{node.x + NODE_W / 2:.0f}" y="{node.y + NODE_H / 2 + 4:.0f}">{html_text(label)}</text></a>')
