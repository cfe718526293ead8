"""The concept map's layout: the `requires` graph in layers, left to right, from foundations to frontier.

A layered (Sugiyama-style) drawing, in the four classic steps:

1. Layers. Each concept sits one layer right of the deepest concept it requires, so
   everything a concept needs is drawn to its left and nothing sits left of a concept it
   requires. networkx computes them (`topological_generations`, linear in the graph's
   size). A concept that requires nothing but is required (Mixture of Experts, Pipeline
   Parallelism) is then moved right, next to the first concept that needs it, rather than
   among the foundations.
2. Long edges. An edge that skips layers is cut into one short edge per layer, through a
   placeholder in each layer it crosses, so it runs between the boxes, never behind them.
3. Order. Within a layer, concepts start grouped by area, then a few sweeps sort each
   layer by the mean place of its neighbours in the previous one (the barycentre
   heuristic), which removes most crossings.
4. Places. Each layer is a column; a few sweeps move every box toward its neighbours'
   height, keeping the order and the gaps, so edges run as level as they can.

Why no library beyond networkx: it has layers, ancestors and descendants, but no layered
drawing; Graphviz's `dot` would be a system binary to install in CI and on every
contributor's machine, and no layered-layout package is among the project's allowed
dependencies. The four steps above are about a hundred lines and lay out 1,000 concepts
well under a second (benchmarks/concept_maps.py).

A loop in `requires` (refused by `gpulist validate`, possible in a preview) is broken by
dropping the edges that close it. Sizes are in CSS pixels; a box is as tall as its title's
lines at NODE_W (estimated as gpulist.site.local_map does, generously, so none is cut).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import networkx as nx

from gpulist.checks.concept_cycle import find_cycles
from gpulist.models import AREAS, Concept

NODE_W = 136
LINE_H, PAD_Y = 15, 10  # a box's height: its lines of 12 px text, and its padding
GAP_X, GAP_Y = 56, 8  # between columns (room for edges and arrowheads), and between boxes
SLOT, SLOT_GAP = 4, 2  # where a long edge passes through a layer: its height, and its gap to another edge
CHARS = 16  # characters a line at NODE_W: (136 - 10) px / (0.62 em × 12 px)
SWEEPS = 4
_BREAK = re.compile(r"(?<=-)|\s+")

Node = str | tuple[str, str, int]  # a concept id, or a long edge's placeholder (source, target, layer)


@dataclass(frozen=True, slots=True)
class MapNode:
    concept: Concept
    layer: int
    x: float  # top-left corner
    y: float
    height: float


@dataclass(frozen=True, slots=True)
class MapEdge:
    source: str  # the concept required
    target: str  # the concept requiring it
    points: tuple[tuple[float, float], ...]  # from the source's right side to the target's left side


@dataclass(frozen=True, slots=True)
class MapLayout:
    nodes: dict[str, MapNode]
    edges: tuple[MapEdge, ...]
    width: float
    height: float
    layers: int


def layout(concepts: list[Concept] | tuple[Concept, ...]) -> MapLayout:
    by_id = {c.id: c for c in concepts}
    graph = _graph(concepts, by_id)
    depth = _layers(graph)
    columns = _columns(graph, depth, by_id)
    left, right = _neighbours(graph, depth, columns)
    _order(columns, left, right)
    height = {n: _height(by_id[n].title) if isinstance(n, str) else SLOT for col in columns for n in col}
    top = _places(columns, left, right, height)
    nodes = {n: MapNode(by_id[n], depth[n], depth[n] * (NODE_W + GAP_X), top[n], height[n])
             for col in columns for n in col if isinstance(n, str)}
    edges = tuple(_edge(a, b, depth, top, height) for a, b in graph.edges)
    width = len(columns) * (NODE_W + GAP_X) - GAP_X if columns else 0
    bottom = max((top[n] + height[n] for col in columns for n in col), default=0)
    return MapLayout(nodes, edges, max(width, 0), bottom, len(columns))


def title_lines(title: str, chars: int = CHARS) -> int:
    """How many lines a title wraps onto at `chars` characters a line, breaking at spaces and
    after hyphens, as a browser does; a longer word is broken (`overflow-wrap: anywhere`).
    Shared with the local map (gpulist.site.local_map), which sizes its rows the same way."""
    count = used = 0
    joined = True  # the piece follows a hyphen, or starts the title: no space before it
    for piece in filter(None, _BREAK.split(title)):
        need = len(piece) + (0 if joined else 1)
        if count and used + need <= chars:
            used += need
        else:
            full, rest = divmod(len(piece), chars)
            count += full + (1 if rest else 0)
            used = rest or chars
        joined = piece.endswith("-")
    return max(count, 1)


def _height(title: str) -> float:
    return title_lines(title) * LINE_H + PAD_Y


def _graph(concepts: list[Concept] | tuple[Concept, ...], by_id: dict[str, Concept]) -> nx.DiGraph:
    """Edges from each required concept to the concept requiring it; unknown ids and self
    references left out, and any loop opened where the depth-first search closes it."""
    graph = nx.DiGraph()
    graph.add_nodes_from(by_id)
    graph.add_edges_from((r, c.id) for c in concepts for r in dict.fromkeys(c.requires) if r in by_id and r != c.id)
    adjacency = {n: [(m, (n, m)) for m in graph.successors(n)] for n in graph.nodes}
    for _, closing in find_cycles(adjacency):
        graph.remove_edge(*closing)
    return graph


def _layers(graph: nx.DiGraph) -> dict[str, int]:
    """Each concept's layer: the longest chain of prerequisites before it; a concept that
    requires nothing sits just left of the first concept that requires it."""
    depth = {n: i for i, layer in enumerate(nx.topological_generations(graph)) for n in layer}
    for n in graph:
        if graph.in_degree(n) == 0 and graph.out_degree(n):
            depth[n] = min(depth[s] for s in graph.successors(n)) - 1
    return depth


def _columns(graph: nx.DiGraph, depth: dict[str, int], by_id: dict[str, Concept]) -> list[list[Node]]:
    """Each layer's concepts, and a placeholder for every edge that crosses it, grouped by
    area and then in file order (the order sweeps start from: a stable drawing)."""
    place = {c.id: (AREAS.index(c.area) if c.area else len(AREAS), i) for i, c in enumerate(by_id.values())}
    columns: list[list[Node]] = [[] for _ in range(max(depth.values(), default=-1) + 1)]
    keys: dict[Node, tuple[float, float]] = {}
    for cid in by_id:
        columns[depth[cid]].append(cid)
        keys[cid] = place[cid]
    for a, b in graph.edges:
        for layer in range(depth[a] + 1, depth[b]):
            columns[layer].append((a, b, layer))
            keys[(a, b, layer)] = (place[a][0], place[a][1] + 0.5)
    for column in columns:
        column.sort(key=keys.__getitem__)
    return columns


def _neighbours(graph: nx.DiGraph, depth: dict[str, int], columns: list[list[Node]]) -> tuple[dict, dict]:
    """Each node's neighbours in the layer to its left and in the layer to its right:
    concepts, or the placeholders of the long edges that pass between them."""
    left: dict[Node, list[Node]] = {n: [] for column in columns for n in column}
    right: dict[Node, list[Node]] = {n: [] for column in columns for n in column}
    for a, b in graph.edges:
        chain: list[Node] = [a, *((a, b, layer) for layer in range(depth[a] + 1, depth[b])), b]
        for u, v in zip(chain, chain[1:]):
            right[u].append(v)
            left[v].append(u)
    return left, right


def _order(columns: list[list[Node]], left: dict, right: dict) -> None:
    """Barycentre sweeps, left to right then right to left, reordering each column in place;
    a node with no neighbour on that side keeps its relative place."""
    for sweep in range(SWEEPS * 2):
        rightward = sweep % 2 == 0
        near = left if rightward else right
        for i in (range(1, len(columns)) if rightward else range(len(columns) - 2, -1, -1)):
            pos = {n: k for k, n in enumerate(columns[i - 1] if rightward else columns[i + 1])}
            scale = len(pos) / max(len(columns[i]), 1)
            keys = {n: _mean([pos[m] for m in near[n]]) if near[n] else k * scale for k, n in enumerate(columns[i])}
            columns[i].sort(key=keys.__getitem__)


def _places(columns: list[list[Node]], left: dict, right: dict, height: dict[Node, float]) -> dict[Node, float]:
    """Each box's top: stacked, then swept toward its neighbours' middles (see _settle)."""
    top: dict[Node, float] = {}
    for column in columns:
        y = 0.0
        for n, gap in zip(column, _gaps(column)):
            top[n] = y
            y += height[n] + gap
    for sweep in range(SWEEPS):
        rightward = sweep % 2 == 0
        near = left if rightward else right
        for column in (columns if rightward else columns[::-1]):
            wanted = [_mean([top[m] + height[m] / 2 for m in near[n]]) - height[n] / 2 if near[n] else top[n]
                      for n in column]
            top.update(zip(column, _settle(wanted, [height[n] for n in column], _gaps(column))))
    lowest = min(top.values(), default=0.0)
    return {n: y - lowest for n, y in top.items()}


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _gaps(column: list[Node]) -> list[float]:
    """The gap below each node of a column: edges passing through may run close together."""
    return [SLOT_GAP if isinstance(a, tuple) and isinstance(b, tuple) else GAP_Y for a, b in zip(column, column[1:])] + [0]


def _settle(wanted: list[float], heights: list[float], gaps: list[float]) -> list[float]:
    """Tops as close to `wanted` as the order and the gaps allow: the mean of a downward and
    an upward packing, then packed once more so that no two boxes overlap."""
    down, up = list(wanted), list(wanted)
    for i in range(1, len(down)):
        down[i] = max(down[i], down[i - 1] + heights[i - 1] + gaps[i - 1])
    for i in range(len(up) - 2, -1, -1):
        up[i] = min(up[i], up[i + 1] - gaps[i] - heights[i])
    tops = [(d + u) / 2 for d, u in zip(down, up)]
    for i in range(1, len(tops)):
        tops[i] = max(tops[i], tops[i - 1] + heights[i - 1] + gaps[i - 1])
    return tops


def _edge(a: str, b: str, depth: dict[str, int], top: dict[Node, float], height: dict[Node, float]) -> MapEdge:
    """From the middle of a's right side, level through each layer it crosses, to the middle
    of b's left side."""
    points = [(depth[a] * (NODE_W + GAP_X) + NODE_W, top[a] + height[a] / 2)]
    for layer in range(depth[a] + 1, depth[b]):
        y = top[(a, b, layer)] + SLOT / 2
        x = layer * (NODE_W + GAP_X)
        points += [(x, y), (x + NODE_W, y)]
    points.append((depth[b] * (NODE_W + GAP_X), top[b] + height[b] / 2))
    return MapEdge(a, b, tuple(points))
