"""A concept's local map: two steps of prerequisites, the concept, one step of what it unlocks."""

from __future__ import annotations

from gpulist.models import Concept
from gpulist.view.concepts import ConceptView, required_by
from gpulist.view.local_map import local_layout


def views(*specs: tuple[str, list[str]]) -> dict[str, ConceptView]:
    concepts = [Concept(id=cid, title=cid.upper(), description="d", requires=requires) for cid, requires in specs]
    unlocks = required_by(concepts)
    return {c.id: ConceptView(c, (), (), (), unlocks.get(c.id, ())) for c in concepts}


VOCABULARY = views(("a", []), ("b", []), ("c", ["a"]), ("d", ["b", "a"]), ("x", ["c", "d"]),
                   ("y", ["x"]), ("z", ["x", "c"]), ("far", ["y"]))


def test_columns_run_from_prerequisites_two_steps_back_to_what_it_unlocks() -> None:
    local = local_layout("x", VOCABULARY)
    assert local.headings == ("Before that", "Understand first", "This concept", "Unlocks")
    assert [[n.concept.id for n in local.nodes if n.column == i] for i in range(4)] == [["a", "b"], ["c", "d"], ["x"], ["y", "z"]]
    assert local.rows == 2 and {n.concept.id: n.row for n in local.nodes}["x"] == 0.5  # centred


def test_edges_join_neighbouring_columns_only() -> None:
    edges = set(local_layout("x", VOCABULARY).edges)
    assert edges == {("a", "c"), ("a", "d"), ("b", "d"), ("c", "x"), ("d", "x"), ("x", "y"), ("x", "z")}
    # z also requires c, two columns back, and "far" is two steps ahead: neither is drawn


def test_empty_columns_are_left_out() -> None:
    assert local_layout("a", VOCABULARY).headings == ("This concept", "Unlocks")
    assert local_layout("far", VOCABULARY).headings == ("Before that", "Understand first", "This concept")
    assert local_layout("b", views(("b", []))).columns == 1


def test_each_concept_is_drawn_once_even_in_a_loop() -> None:
    """p requires q and q requires p (refused by validate, possible in a preview)."""
    loop = views(("p", ["q"]), ("q", ["p"]), ("r", ["p", "r", "nowhere"]))
    local = local_layout("p", loop)
    ids = [n.concept.id for n in local.nodes]
    assert sorted(ids) == ["p", "q", "r"] and len(ids) == len(set(ids))
    assert [n.column for n in local.nodes if n.concept.id == "q"] == [0]  # behind it, not ahead


def test_unlocks_are_the_concepts_that_require_it_in_file_order() -> None:
    unlocks = {cid: v.unlocks for cid, v in VOCABULARY.items()}
    assert unlocks["a"] == ("c", "d") and unlocks["x"] == ("y", "z") and unlocks["far"] == ()
    assert required_by([Concept(id="s", title="S", description="d", requires=["s", "t", "t"])]) == {"t": ("s",)}
