"""Inferring the book's section titles from the index alone."""

from __future__ import annotations

from gpulist.seeds.section_titles import Entry, glue_companions, infer_titles, learn_titles, self_ranges


def _entries(*rows: list[str]) -> list[Entry]:
    return [Entry(list(parts), needs_ref=True) for parts in rows]


def test_self_ranges_give_titles_whatever_they_contain() -> None:
    entries = _entries(
        ["warps", "Streaming Multiprocessor", "Threads, and Warps-Streaming Multiprocessor", "Threads, and Warps"],
        ["multi-GPU programming", "Multi-GPU Programming-Multi-GPU Programming"],
        ["Kernel Fusion-Kernel Fusion", "not a title position"],
    )
    assert self_ranges(entries) == {"Streaming Multiprocessor, Threads, and Warps", "Multi-GPU Programming"}


def test_pieces_that_never_occur_apart_are_glued() -> None:
    entries = _entries(
        ["Amazon S3", "Distributed", "Parallel Filesystems and Object Stores"],
        ["NFS", "Distributed", "Parallel Filesystems and Object Stores", "Kernel Fusion"],
        ["kernel fusion", "Kernel Fusion"],
    )
    glue_companions(entries, set())
    assert entries[0].parts == ["Amazon S3", "Distributed, Parallel Filesystems and Object Stores"]
    assert entries[1].parts == ["NFS", "Distributed, Parallel Filesystems and Object Stores", "Kernel Fusion"]


def test_gluing_follows_a_companion_into_a_range() -> None:
    entries = _entries(
        ["RDMA", "High-Speed", "Low-Overhead Data Transfers with RDMA"],
        ["RDMA", "High-Speed", "Low-Overhead Data Transfers with RDMA-Pitfall #6: GPU memory fragmentation"],
    )
    glue_companions(entries, set())
    assert [e.parts[1] for e in entries] == [
        "High-Speed, Low-Overhead Data Transfers with RDMA",
        "High-Speed, Low-Overhead Data Transfers with RDMA-Pitfall #6: GPU memory fragmentation",
    ]


def test_a_known_title_is_never_glued_to_its_neighbour() -> None:
    entries = _entries(["x", "Multi-GPU Programming", "Zero Copy"])
    glue_companions(entries, {"Multi-GPU Programming"})
    assert entries[0].parts == ["x", "Multi-GPU Programming", "Zero Copy"]


def test_a_range_with_one_known_end_teaches_the_other() -> None:
    entries = _entries(
        ["kernel", "Understanding GPU Architecture-CUDA GPU Backward and Forward Compatibility Model"],
    )
    titles = learn_titles(entries, {"Understanding GPU Architecture"})
    assert "CUDA GPU Backward and Forward Compatibility Model" in titles
    assert not any("-CUDA" in t for t in titles)


def test_hyphenated_text_with_no_known_end_is_one_title_as_a_last_resort() -> None:
    titles = infer_titles(_entries(["models", "Toward 100-Trillion-Parameter Models"]))
    assert titles == {"Toward 100-Trillion-Parameter Models"}


def test_a_title_seen_alone_is_learned_and_then_splits_crowded_entries() -> None:
    entries = _entries(
        ["compiler hints", "Exposing Instruction-Level Parallelism"],
        ["#pragma unroll", "Exposing Instruction-Level Parallelism", "Loop Unrolling, Interleaving, and Compiler Hinting"],
    )
    assert infer_titles(entries) == {"Exposing Instruction-Level Parallelism",
                                     "Loop Unrolling, Interleaving, and Compiler Hinting"}


def test_a_last_resort_title_becomes_a_range_once_an_end_is_learned() -> None:
    entries = _entries(
        ["libraries", "Scaling with PyTorch Distributed-Multi-GPU Profiling with HTA"],
        ["HTA", "Multi-GPU Profiling with HTA", "Trace Analysis-Trace Analysis"],
    )
    # the first entry alone would keep the whole text; the second teaches its far end
    assert infer_titles(entries[:1]) == {"Scaling with PyTorch Distributed-Multi-GPU Profiling with HTA"}
    assert infer_titles(entries) == {"Scaling with PyTorch Distributed", "Multi-GPU Profiling with HTA", "Trace Analysis"}
