"""A concept's local map, drawn at build time from gpulist.view.local_map [data-gpulist-local-map].

Like the global map, the nodes are ordinary HTML links over an SVG of the edges (see
gpulist.site.concept_map for why not SVG links), so the map is a working set of links
without JavaScript, read column by column: each column is a list named by its heading.
Unlike the global map it never scrolls: every position is a percentage of the map's box,
the SVG stretches with it (`preserveAspectRatio="none"`, strokes kept thin by
`vector-effect: non-scaling-stroke`), and a row is as tall as the map's longest title
needs, estimated here for a desktop column (~688 px) and a small phone's (~328 px, where a node
is ~67 px wide), each passed to the stylesheet as a row height in `em`. Every edge ends at
the middle of its target's left side, so one arrowhead per target, drawn by the stylesheet
on nodes with `data-gpulist-in`, serves all its incoming edges.
"""

from __future__ import annotations

from gpulist.view.concept_map import title_lines
from gpulist.view.concepts import concept_page
from gpulist.view.links import href
from gpulist.view.local_map import COLUMNS, RELATED, THIS, LocalMap, LocalNode
from gpulist.view.text import escape_attr, html_text

GAP = 0.3  # the gap between columns, in node widths: room for the edges and their arrowheads
NODE = 0.84  # a node's height, in rows
LINE = 1.15  # the nodes' line height, in em (gpulist.css)
# (column width in px, node font size in px) on a desktop and on a phone, as gpulist.css sets
# them; a character is taken as 0.62 em wide, wider than most, so a title is never cut, and
# as 0.7 em in the concept's own node, which is bold.
WIDE, NARROW = (688, 12.8), (328, 11.6)
BOLD = 0.7
MIN_NODE_PX = 26  # a node is a link: at least a 24 px target (WCAG 2.5.8), however short its title


def render_local_map(local: LocalMap, page: str, style: str) -> str:
    """The figure, or nothing for a concept that neither requires nor unlocks another."""
    if local.columns < 2:
        return ""
    this = next(n for n in local.nodes if n.column == local.headings.index(THIS))
    into = {b for _, b in local.edges}
    headings = "".join(f'<span style="{_across(local, x)}">{h}</span>' for x, h in enumerate(local.headings))
    columns = "".join(
        f'<ul aria-label="{h}">' + "".join(f"<li>{_node(local, n, page, style, n.concept.id in into)}</li>"
                                           for n in local.nodes if n.column == x) + "</ul>"
        for x, h in enumerate(local.headings))
    rows = (f"--gpulist-rows:{local.rows};--gpulist-row:{_row(local, *WIDE):.2f}em;"
            f"--gpulist-row-narrow:{_row(local, *NARROW):.2f}em")
    return (f'<figure class="gpulist-local-map" data-gpulist-local-map data-search-exclude>\n'
            f"<figcaption>{caption(local, html_text(this.concept.title))}</figcaption>\n"
            f'<div class="gpulist-local-headings" aria-hidden="true">{headings}</div>\n'
            f'<div class="gpulist-local-area" style="{rows}"><svg class="gpulist-local-edges" viewBox="0 0 100 '
            f'{local.rows}" preserveAspectRatio="none" aria-hidden="true" focusable="false">'
            + "".join(_edge(local, a, b) for a, b in local.edges) + f"</svg>\n{columns}</div>\n</figure>\n")


def caption(local: LocalMap, title: str) -> str:
    """What the map shows, and only that: a concept that unlocks nothing is not said to."""
    has = set(local.headings)
    if RELATED in has:
        return f"{title} needs no other concept of this list first, and none builds on it yet: the concepts related to it."
    first = COLUMNS[1] in has
    if first and COLUMNS[3] in has:
        return f"Where {title} sits: what to understand before it, and what it unlocks."
    if first:
        return f"Where {title} sits: what to understand before it. No concept of this list builds on it yet."
    return f"Where {title} sits: what it unlocks. It needs no other concept of this list first."


def _node(local: LocalMap, node: LocalNode, page: str, style: str, has_in: bool) -> str:
    rows = local.rows
    box = f"{_across(local, node.column)};top:{(node.row + (1 - NODE) / 2) / rows * 100:.3f}%;height:{NODE / rows * 100:.3f}%"
    arrow = " data-gpulist-in" if has_in else ""
    title = html_text(node.concept.title)
    if local.headings[node.column] == THIS:
        return f'<span class="gpulist-local-node" aria-current="page" style="{box}"{arrow}>{title}</span>'
    url = href(page, concept_page(node.concept.id), style)
    return f'<a class="gpulist-local-node" href="{escape_attr(url)}" style="{box}"{arrow}>{title}</a>'


def _across(local: LocalMap, column: int) -> str:
    """A column's left edge and width, in percent of the map's width."""
    return f"left:{_x(local, column):.3f}%;width:{100 / _width(local):.3f}%"


def _width(local: LocalMap) -> float:
    """The map's width in node widths."""
    return local.columns + (local.columns - 1) * GAP


def _x(local: LocalMap, column: int) -> float:
    return column * (1 + GAP) * 100 / _width(local)


def _row(local: LocalMap, column_px: float, font_px: float) -> float:
    """A row's height in em: the lines of the map's longest title at that width, and a margin."""
    node_px = column_px / _width(local) - 0.7 * font_px  # less the node's padding
    this = local.headings.index(THIS)
    lines = max(title_lines(n.concept.title, max(4, int(node_px / ((BOLD if n.column == this else 0.62) * font_px))))
                for n in local.nodes)
    return max((lines * LINE + 0.6) / NODE, MIN_NODE_PX / NODE / font_px)


def _edge(local: LocalMap, a: str, b: str) -> str:
    """A curve from the middle of a's right side to the middle of b's left side (in the
    viewBox: x in percent, y in rows), leaving and arriving level."""
    row = {n.concept.id: n for n in local.nodes}
    x1 = _x(local, row[a].column) + 100 / _width(local)
    x2 = _x(local, row[b].column)
    y1, y2 = row[a].row + 0.5, row[b].row + 0.5
    mid = (x1 + x2) / 2
    return f'<path d="M{x1:.2f} {y1:g}C{mid:.2f} {y1:g} {mid:.2f} {y2:g} {x2:.2f} {y2:g}"/>'
