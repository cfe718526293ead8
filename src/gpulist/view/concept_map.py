"""The concept map's layout: the `requires` graph in layers, from foundations to frontier.

A layered (Sugiyama-style) drawing: each concept sits one layer below the deepest concept
it requires, so everything a concept needs is drawn above it. networkx computes the layers
(`topological_generations`, well tested and linear in the graph's size) rather than a
hand-written topological sort; within a layer, concepts are ordered by the barycentre of
what they require, a few sweeps down, which keeps most edges short. A wide layer wraps onto
several rows, so the drawing stays narrow enough to read on a phone by scrolling down.

Pure and bounded: no system package (a Graphviz binary would be one), a loop in
`requires` (refused by `gpulist validate`, but possible in a preview) is broken by dropping
the edges that close it, and 1,000 concepts lay out in well under a second.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from gpulist.checks.concept_cycle import find_cycles
from gpulist.models import Concept

ROW = 6  # concepts per row: six nodes of NODE_W fit the content column of a desktop page
NODE_W, NODE_H = 176, 34
GAP_X, GAP_Y, LAYER_GAP = 12, 14, 34
SWEEPS = 4


@dataclass(frozen=True, slots=True)
class MapNode:
    concept: Concept
    layer: int
    x: float  # top-left corner
    y: float


@dataclass(frozen=True, slots=True)
class MapLayout:
    nodes: dict[str, MapNode]
    edges: tuple[tuple[str, str], ...]  # (required, requiring): drawn from above to below
    width: float
    height: float
    layers: int


def layout(concepts: list[Concept] | tuple[Concept, ...]) -> MapLayout:
    by_id = {c.id: c for c in concepts}
    graph = _graph(concepts, by_id)
    order = {cid: i for i, cid in enumerate(by_id)}  # file order breaks ties: a stable drawing
    layers = [sorted(layer, key=order.__getitem__) for layer in nx.topological_generations(graph)]
    _order(graph, layers)
    nodes: dict[str, MapNode] = {}
    y = 0.0
    for depth, layer in enumerate(layers):
        for i, cid in enumerate(layer):
            row, col = divmod(i, ROW)
            nodes[cid] = MapNode(by_id[cid], depth, col * (NODE_W + GAP_X), y + row * (NODE_H + GAP_Y))
        rows = -(-len(layer) // ROW)
        y += rows * (NODE_H + GAP_Y) - GAP_Y + LAYER_GAP
    width = min(ROW, max((len(layer) for layer in layers), default=0)) * (NODE_W + GAP_X) - GAP_X
    return MapLayout(nodes, tuple(graph.edges), max(width, 0), max(y - LAYER_GAP, 0), len(layers))


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


def _order(graph: nx.DiGraph, layers: list[list[str]]) -> None:
    """Reorder each layer by the mean position of its concepts' prerequisites (in place)."""
    for _ in range(SWEEPS):
        position: dict[str, float] = {}
        for layer in layers:
            keys = {cid: _centre(graph, position, cid, i / max(len(layer) - 1, 1) * ROW)
                    for i, cid in enumerate(layer)}
            layer.sort(key=keys.__getitem__)
            position.update((cid, i / max(len(layer) - 1, 1) * ROW) for i, cid in enumerate(layer))


def _centre(graph: nx.DiGraph, position: dict[str, float], cid: str, default: float) -> float:
    above = [position[p] for p in graph.predecessors(cid) if p in position]
    return sum(above) / len(above) if above else default
