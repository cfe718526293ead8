"""`requires` draws the concept map from foundations to frontier, so it must not loop.

A loop (A requires B requires A) has no first concept to learn and no layer to draw it in.
Each loop is reported once, with the whole of it spelled out ("a → b → c → a"), at the
`requires` item that closes it. The search is iterative: 5,000 concepts in one long chain
must not exhaust Python's stack.
"""

from __future__ import annotations

from gpulist.checks._concepts import at_concept, requires_graph
from gpulist.load import Catalog
from gpulist.load.yaml_reader import Loc
from gpulist.problems import Problem

RULE = "concept-cycle"


def check(catalog: Catalog) -> list[Problem]:
    graph = requires_graph(catalog)
    return [at_concept(catalog, loc, "`requires` loops: " + " → ".join(cycle), RULE)
            for cycle, loc in find_cycles(graph)]


def find_cycles(graph: dict[str, list[tuple[str, Loc]]]) -> list[tuple[list[str], Loc]]:
    """One cycle per back edge of a depth-first search, each as [a, b, ..., a] with the
    location of its closing edge."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    cycles = []
    for root in graph:
        if state.get(root):
            continue
        path, stack = [root], [iter(graph[root])]
        state[root] = 1
        while stack:
            edge = next(stack[-1], None)
            if edge is None:
                state[path.pop()] = 2
                stack.pop()
                continue
            target, loc = edge
            if state.get(target) == 1:
                cycles.append((path[path.index(target):] + [target], loc))
            elif not state.get(target):
                state[target] = 1
                path.append(target)
                stack.append(iter(graph.get(target, ())))
    return cycles
