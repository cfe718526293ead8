"""The concept map, drawn at build time from `gpulist.view.concept_map`: an SVG of the edges
under an HTML link for every concept, left to right, coloured by area.

The nodes are ordinary HTML links placed over the drawing, not SVG `<a>` elements: both
engines' instant navigation rewrites every link's `href` property, which an SVG link only
exposes as a read-only animated value (the theme's script threw on it), and HTML links get
the theme's focus styles, the engines' link rewriting and a screen reader's usual handling.
So the map works without JavaScript as a set of links in reading order, layer by layer,
each with its full title; the edges are decoration, hidden from assistive technology, and
each ends in an arrowhead at the concept that requires its source.

Hooks, for the scripts and the stylesheet:
- every node `[data-gpulist-map-node="<id>"]` names its area (`data-gpulist-area`) and the
  concepts it requires on the map (`data-gpulist-requires`); every edge
  `[data-gpulist-edge="<from> <to>"]`. concept-map.js reads them to light up a concept's
  prerequisite chain and what it unlocks (`data-gpulist-highlight` on exactly those nodes),
  drawing the chain's edges on an empty overlay (`.gpulist-map-lit`) above a veil
  (`.gpulist-map-veil`) that the stylesheet lays over the rest of the map;
- every node carries the reader's progress hook (`data-gpulist-shade` with the concept's
  entry ids): the reader's scripts set `data-gpulist-state` (none, some, all read) and
  `--gpulist-read`, and the stylesheet shades the node;
- `[data-gpulist-map-hint]`, the line that says the map scrolls sideways, which
  concept-map.js hides when the map fits its column;
- `[data-gpulist-chain-form]`, a menu (`select`) the script fills with every concept (values are ids), and
  `[data-gpulist-chain-box]` holding `<ol data-gpulist-chain>`: concept-map.js lists there the
  chosen concept's prerequisites, foundations first, each before what needs it, then the
  concept, each linked to its page; a tap on a node (touch) chooses it the same way.
"""

from __future__ import annotations

from gpulist.models import AREA_TITLES, AREAS
from gpulist.view.catalog import SiteView
from gpulist.view.concept_map import NODE_W, MapEdge, MapLayout, MapNode
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text

_ARROWS = ('<defs><marker id="gpulist-arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" '
           'orient="auto"><path d="M0 0L8 4L0 8z"/></marker><marker id="gpulist-arrow-on" viewBox="0 0 8 8" '
           'refX="8" refY="4" markerWidth="7" markerHeight="7" orient="auto"><path d="M0 0L8 4L0 8z"/></marker></defs>')


def render_map(layout: MapLayout, view: SiteView, page: str, style: str) -> str:
    ids = {c.concept.id: c.ids for c in view.concept_views}
    width, height = round(layout.width) + 2, round(layout.height) + 2
    requires: dict[str, list[str]] = {}
    for edge in layout.edges:
        requires.setdefault(edge.target, []).append(edge.source)
    edges = "".join(_edge(e) for e in layout.edges)
    nodes = "\n".join(_node(n, ids.get(n.concept.id, []), requires.get(n.concept.id, []),
                            href(page, f"concepts/{n.concept.id}.md", style)) for n in layout.nodes.values())
    return (f'<figure class="gpulist-map" data-gpulist-map>\n<figcaption>The concept map: {len(layout.nodes)} concepts '
            f"in {layout.layers} layers, left to right: each concept stands right of every concept it requires, "
            "and an arrow leads from each prerequisite to what it unlocks.</figcaption>\n"
            f"{_legend(layout)}\n{_chain_chooser(layout)}"
            f'<p class="gpulist-map-hint" data-gpulist-map-hint>The map is {width:,} px wide: scroll it sideways. '
            "Point at a concept, tap it, or move to it with the Tab key, to light up the chain it stands on and "
            "what it unlocks (a second tap opens it); Escape clears.</p>\n"
            '<a class="gpulist-map-skip" href="#a-z">Skip the map</a>\n'
            f'<div class="gpulist-map-scroll"><div class="gpulist-map-area" style="width:{width}px;height:{height}px">'
            f'<svg class="gpulist-map-edges" viewBox="-1 -1 {width} {height}" width="{width}" height="{height}" '
            f'aria-hidden="true" focusable="false">{_ARROWS}{edges}</svg>\n'
            f'<div class="gpulist-map-veil"></div><svg class="gpulist-map-lit" viewBox="-1 -1 {width} {height}" '
            f'width="{width}" height="{height}" aria-hidden="true" focusable="false"></svg>\n{nodes}\n</div></div>\n</figure>\n')


def _chain_chooser(layout: MapLayout) -> str:
    """"What do I need before…?": a menu of the concepts and the list concept-map.js fills with
    the chosen one's prerequisites in an order one can follow. A tap can hardly point at a node
    of a 2,300 px map on a phone, and a tap opened the concept; a menu is the touch way in.
    Hidden without JavaScript (gpulist.css), as the map's links still work without it. The
    script adds the concepts to the menu, from the map's nodes, when it is first reached (its
    166 options in the page cost the concepts index a Lighthouse point of layout and size)."""
    return ('<form class="gpulist-chain-form" data-gpulist-chain-form><label for="gpulist-chain-pick">What do I need '
            'before</label> <select id="gpulist-chain-pick" name="concept"><option value="">(choose a concept)</option>'
            '</select></form>\n<div class="gpulist-chain-box" data-gpulist-chain-box hidden><p></p>'
            '<ol class="gpulist-chain" data-gpulist-chain></ol></div>\n')


def _legend(layout: MapLayout) -> str:
    """The areas the map colours, in their order, each with its swatch and count."""
    count = {a: sum(n.concept.area == a for n in layout.nodes.values()) for a in AREAS}
    items = "".join(f'<li data-gpulist-area="{a}">{html_text(AREA_TITLES[a])} ({count[a]})</li>' for a in AREAS if count[a])
    return f'<ul class="gpulist-map-legend" aria-label="Areas">{items}</ul>'


def _edge(edge: MapEdge) -> str:
    """Level where it crosses a layer, an S-curve between layers, an arrowhead at the end."""
    (x, y), rest = edge.points[0], edge.points[1:]
    d = [f"M{x:.0f} {y:.1f}"]
    for nx_, ny in rest:
        if abs(ny - y) < 0.05:
            d.append(f"H{nx_:.0f}")
        else:
            mid = (x + nx_) / 2
            d.append(f"C{mid:.0f} {y:.1f} {mid:.0f} {ny:.1f} {nx_:.0f} {ny:.1f}")
        x, y = nx_, ny
    return f'<path d="{"".join(d)}" data-gpulist-edge="{edge.source} {edge.target}"/>'


def _node(node: MapNode, ids: list[str], requires: list[str], url: str) -> str:
    cid, area = node.concept.id, node.concept.area or "none"
    return (f'<a class="gpulist-node" href="{escape_attr(url)}" style="left:{node.x:.0f}px;top:{node.y:.0f}px;'
            f'width:{NODE_W}px;height:{node.height:.0f}px" data-gpulist-map-node="{cid}" data-gpulist-area="{area}" '
            f'data-gpulist-requires="{" ".join(requires)}" data-gpulist-shade="" data-gpulist-ids="{" ".join(ids)}">'
            f"{html_text(node.concept.title)}</a>")
