"""The concept map's layout: left to right by layer, long edges between the boxes, loops cannot hang it."""

from __future__ import annotations

import random
import time

import pytest

from gpulist.models import Concept
from gpulist.view.concept_map import GAP_X, LINE_H, NODE_W, PAD_Y, MapLayout, layout, title_lines


def concept(cid: str, *requires: str, area: str | None = None, title: str | None = None) -> Concept:
    return Concept(id=cid, title=title or cid.upper(), description="d", requires=list(requires), area=area)


def right_of_prerequisites(m: MapLayout) -> bool:
    return all(m.nodes[e.source].x + NODE_W < m.nodes[e.target].x for e in m.edges)


def test_each_concept_sits_right_of_everything_it_requires() -> None:
    concepts = [concept("a"), concept("b", "a"), concept("c", "a", "b"), concept("d", "e"), concept("e", "c")]
    m = layout(concepts)
    assert {cid: n.layer for cid, n in m.nodes.items()} == {"a": 0, "b": 1, "c": 2, "e": 3, "d": 4}
    assert right_of_prerequisites(m) and m.layers == 5
    assert {(e.source, e.target) for e in m.edges} == {("a", "b"), ("a", "c"), ("b", "c"), ("c", "e"), ("e", "d")}


def test_a_concept_that_requires_nothing_sits_next_to_what_needs_it() -> None:
    """Mixture of Experts, required only deep in the map, is not drawn among the foundations."""
    concepts = [concept("a"), concept("b", "a"), concept("c", "b"), concept("moe"), concept("ep", "c", "moe")]
    m = layout(concepts)
    assert m.nodes["moe"].layer == m.nodes["ep"].layer - 1 == m.nodes["c"].layer and right_of_prerequisites(m)


def test_layers_are_columns_and_never_wrap() -> None:
    m = layout([concept(f"c{i}") for i in range(30)])
    assert {n.x for n in m.nodes.values()} == {0} and m.layers == 1
    tops = sorted((n.y, n.y + n.height) for n in m.nodes.values())
    assert all(below[0] >= above[1] for above, below in zip(tops, tops[1:]))  # no two boxes overlap


def test_a_long_edge_runs_level_through_the_gaps_of_the_layers_it_crosses() -> None:
    concepts = [concept("a"), concept("b", "a"), concept("c", "b"), concept("d", "c", "a")]
    m = layout(concepts)
    [long] = [e for e in m.edges if (e.source, e.target) == ("a", "d")]
    crossing = long.points[1:-1]
    assert len(crossing) == 4 and [x for x, _ in crossing] == [NODE_W + GAP_X, 2 * NODE_W + GAP_X,
                                                             2 * (NODE_W + GAP_X), 3 * NODE_W + 2 * GAP_X]
    for x, y in crossing:  # never through a box
        assert not any(n.x <= x <= n.x + NODE_W and n.y < y < n.y + n.height for n in m.nodes.values())
    assert long.points[0] == (NODE_W, m.nodes["a"].y + m.nodes["a"].height / 2)
    assert long.points[-1] == (m.nodes["d"].x, m.nodes["d"].y + m.nodes["d"].height / 2)


def test_a_box_is_as_tall_as_its_title_needs() -> None:
    m = layout([concept("a", title="CUDA"), concept("b", title="NVSHMEM & GPU-Initiated Communication")])
    assert m.nodes["a"].height == LINE_H + PAD_Y and m.nodes["b"].height == 3 * LINE_H + PAD_Y


@pytest.mark.parametrize(("title", "chars", "count"), [
    ("CUDA", 10, 1), ("Shared Memory", 10, 2), ("Shared Memory", 13, 1), ("Weight-and-Activation Quantization", 10, 5),
    ("Communication", 6, 3),  # a word longer than a line is broken
])
def test_titles_wrap_at_spaces_and_after_hyphens(title: str, chars: int, count: int) -> None:
    assert title_lines(title, chars) == count


def test_within_a_layer_concepts_start_grouped_by_area() -> None:
    concepts = [concept("x", area="systems"), concept("y", area="hardware"), concept("z"), concept("w", area="kernels")]
    m = layout(concepts)
    assert sorted(m.nodes, key=lambda c: m.nodes[c].y) == ["y", "w", "x", "z"]


def test_unknown_ids_self_references_and_loops_are_left_out() -> None:
    concepts = [concept("a", "b"), concept("b", "a"), concept("c", "c", "nowhere"), concept("d", "a")]
    m = layout(concepts)
    assert set(m.nodes) == {"a", "b", "c", "d"} and right_of_prerequisites(m)
    assert not [e for e in m.edges if e.source == e.target] and len([e for e in m.edges if {e.source, e.target} == {"a", "b"}]) == 1


def test_a_thousand_concepts_lay_out_well_under_a_second() -> None:
    """Each requiring up to three earlier ones at random, as benchmarks/synthetic.py makes them
    (about 30 layers, 6,000 long-edge placeholders). Generous: about 0.3 s here;
    benchmarks/concept_maps.py measures it."""
    rng = random.Random(0)
    concepts = [concept(f"c{i}", *(f"c{j}" for j in rng.sample(range(i), k=min(i, rng.randint(0, 3)))))
                for i in range(1000)]
    started = time.perf_counter()
    m = layout(concepts)
    assert time.perf_counter() - started < 10
    assert len(m.nodes) == 1000 and right_of_prerequisites(m)


def test_the_layout_is_deterministic() -> None:
    concepts = [concept(f"c{i}", *(f"c{j}" for j in range(max(0, i - 3), i))) for i in range(40)]
    assert layout(concepts) == layout(list(concepts))
