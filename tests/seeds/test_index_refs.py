"""Splitting an entry's pieces into its term and section references."""

from __future__ import annotations

from gpulist.seeds.index_refs import Ref, as_range, split_entry

TITLES = {
    "Multi-GPU Programming", "Toward 100-Trillion-Parameter Models", "Optimizing the Kernel",
    "Inspecting Achieved Occupancy and GPU Utilization", "Streaming Multiprocessor, Threads, and Warps",
    "NVIDIA GPU Tensor Cores and Transformer Engine", "BF16/FP16, FP8, and FP4 Reduced Precision",
}


def test_a_hyphen_splits_a_range_only_between_known_titles() -> None:
    assert as_range("Multi-GPU Programming", TITLES) == Ref("Multi-GPU Programming")
    assert as_range("Multi-GPU Programming-Multi-GPU Programming", TITLES) == Ref("Multi-GPU Programming")
    assert as_range("Inspecting Achieved Occupancy and GPU Utilization-Optimizing the Kernel", TITLES) == Ref(
        "Inspecting Achieved Occupancy and GPU Utilization", "Optimizing the Kernel")
    assert as_range("Multi-GPU Programming-Multi", TITLES) is None


def test_known_references_may_span_commas() -> None:
    parts = ["warps", "Streaming Multiprocessor", "Threads, and Warps", "Multi-GPU Programming"]
    split = split_entry(parts, TITLES, needs_ref=True)
    assert split.term == "warps"
    assert split.refs == (Ref("Streaming Multiprocessor, Threads, and Warps"), Ref("Multi-GPU Programming"))


def test_short_pieces_before_known_titles_belong_to_the_term() -> None:
    parts = ["FP4", "FP8", "FP16", "NVIDIA GPU Tensor Cores and Transformer Engine",
             "BF16/FP16, FP8, and FP4 Reduced Precision"]
    split = split_entry(parts, TITLES, needs_ref=True)
    assert split.term == "FP4, FP8, FP16"
    assert [r.section for r in split.refs] == ["NVIDIA GPU Tensor Cores and Transformer Engine",
                                               "BF16/FP16, FP8, and FP4 Reduced Precision"]


def test_a_long_unknown_piece_is_an_unknown_section_not_part_of_the_term() -> None:
    split = split_entry(["TorchInductor", "Tuning Occupancy with PyTorch", "Multi-GPU Programming"], TITLES,
                        needs_ref=True)
    assert split.term == "TorchInductor"
    assert split.refs == (Ref("Tuning Occupancy with PyTorch", known=False), Ref("Multi-GPU Programming"))


def test_a_leaf_must_point_somewhere_but_a_parent_need_not() -> None:
    assert split_entry(["Thompson", "Martin"], TITLES, needs_ref=True).refs == (Ref("Martin", known=False),)
    parent = split_entry(["Thompson", "Martin"], TITLES, needs_ref=False)
    assert (parent.term, parent.refs) == ("Thompson, Martin", ())


def test_unknown_neighbours_are_two_sections_rather_than_one() -> None:
    split = split_entry(["x", "Alpha Section Title", "Beta Section Title"], set(), needs_ref=True)
    assert [r.section for r in split.refs] == ["Alpha Section Title", "Beta Section Title"]
