"""The concept map's layout: layers follow `requires`, wide layers wrap, loops cannot hang it."""

from __future__ import annotations

import time

from gpulist.models import Concept
from gpulist.view.concept_map import NODE_H, ROW, layout


def concept(cid: str, *requires: str) -> Concept:
    return Concept(id=cid, title=cid.upper(), description="d", requires=list(requires))


def test_each_concept_sits_below_everything_it_requires() -> None:
    concepts = [concept("a"), concept("b", "a"), concept("c", "a", "b"), concept("d"), concept("e", "d", "c")]
    m = layout(concepts)
    depth = {cid: n.layer for cid, n in m.nodes.items()}
    assert depth == {"a": 0, "d": 0, "b": 1, "c": 2, "e": 3}
    assert all(m.nodes[a].y + NODE_H < m.nodes[b].y for a, b in m.edges)
    assert set(m.edges) == {("a", "b"), ("a", "c"), ("b", "c"), ("d", "e"), ("c", "e")}


def test_a_wide_layer_wraps_onto_rows_of_at_most_ROW() -> None:
    m = layout([concept(f"c{i}") for i in range(ROW * 2 + 1)])
    rows = sorted({n.y for n in m.nodes.values()})
    assert len(rows) == 3 and m.layers == 1
    assert max(n.x for n in m.nodes.values()) < m.width


def test_unknown_ids_self_references_and_loops_are_left_out() -> None:
    concepts = [concept("a", "b"), concept("b", "a"), concept("c", "c", "nowhere"), concept("d", "a")]
    m = layout(concepts)
    assert set(m.nodes) == {"a", "b", "c", "d"}
    assert ("c", "c") not in m.edges and len([e for e in m.edges if set(e) == {"a", "b"}]) == 1


def test_a_thousand_concepts_lay_out_in_well_under_a_second() -> None:
    """Generous: it takes about 0.05 s here; the benchmark (benchmarks/site_build.py) measures it."""
    concepts = [concept(f"c{i}", *{f"c{j}" for j in (i // 2, i // 3, i - 7) if 0 <= j < i}) for i in range(1000)]
    started = time.perf_counter()
    m = layout(concepts)
    assert time.perf_counter() - started < 5
    assert len(m.nodes) == 1000 and all(m.nodes[a].layer < m.nodes[b].layer for a, b in m.edges)


def test_the_layout_is_deterministic() -> None:
    concepts = [concept(f"c{i}", *(f"c{j}" for j in range(max(0, i - 3), i))) for i in range(40)]
    assert layout(concepts) == layout(list(concepts))
