"""The concept map, drawn at build time from `gpulist.view.concept_map`: an SVG of the edges
under an HTML link for every concept.

The nodes are ordinary HTML links placed over the drawing, not SVG `<a>` elements: both
engines' instant navigation rewrites every link's `href` property, which an SVG link only
exposes as a read-only animated value (the theme's script threw on it), and HTML links get
the theme's focus styles, the engines' link rewriting and a screen reader's usual handling.
So the map works without JavaScript as a set of links in reading order, layer by layer;
the edges are decoration, hidden from assistive technology. Each node carries the
reader's progress hook (`data-gpulist-shade` with the concept's entry ids): with
JavaScript the script sets `data-gpulist-state` (none, some, all read) and the stylesheet
shades the node.
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
    return (f'<figure class="gpulist-map">\n<figcaption>The concept map: {len(layout.nodes)} concepts in '
            f"{layout.layers} layers, each drawn below the concepts it requires.</figcaption>\n"
            f'<div class="gpulist-map-scroll"><div class="gpulist-map-area" style="width:{width}px;height:{height}px">'
            f'<svg class="gpulist-map-edges" viewBox="-1 -1 {width} {height}" width="{width}" height="{height}" '
            f'aria-hidden="true" focusable="false">{edges}</svg>\n{nodes}\n</div></div>\n</figure>\n')


def _edge(above: MapNode, below: MapNode) -> str:
    """A curve from the bottom of the required concept to the top of the one requiring it."""
    x1, y1 = above.x + NODE_W / 2, above.y + NODE_H
    x2, y2 = below.x + NODE_W / 2, below.y
    mid = (y1 + y2) / 2
    return f'<path d="M{x1:.0f} {y1:.0f}C{x1:.0f} {mid:.0f} {x2:.0f} {mid:.0f} {x2:.0f} {y2:.0f}"/>'


def _node(node: MapNode, ids: list[str], url: str) -> str:
    title = node.concept.title
    label = title if len(title) <= MAX_LABEL else title[:MAX_LABEL - 1].rstrip() + "…"
    name = f' aria-label="{escape_attr(title)}" title="{escape_attr(title)}"' if label != title else ""
    return (f'<a class="gpulist-node" href="{escape_attr(url)}"{name} style="left:{node.x:.0f}px;'
            f'top:{node.y:.0f}px" data-gpulist-shade="" data-gpulist-ids="{" ".join(ids)}">{html_text(label)}</a>')
