"""Cross references and comma pieces of one entry's own text."""

from __future__ import annotations

import pytest

from gpulist.seeds.index_entry import EntryText, pieces, split_cross_refs, split_top_level


@pytest.mark.parametrize(("text", "expected"), [
    ("3FS (see Fire-Flyer File System (3FS; DeepSeek))", EntryText("3FS", ["Fire-Flyer File System (3FS; DeepSeek)"])),
    ("DP (see data parallelism (DP); dynamic parallelism (DP))",
     EntryText("DP", ["data parallelism (DP)", "dynamic parallelism (DP)"])),
    ("(see also benchmarks; profiling)", EntryText("", [], ["benchmarks", "profiling"])),
    ("(see also PyTorch compiler (torch.compile))", EntryText("", [], ["PyTorch compiler (torch.compile)"])),
    ("B200 (NVIDIA Blackwell), Understanding GPU Memory Hierarchy",
     EntryText("B200 (NVIDIA Blackwell), Understanding GPU Memory Hierarchy")),
    ("SIMT (single instruction, multiple threads) model, Triton Programming Model",
     EntryText("SIMT (single instruction, multiple threads) model, Triton Programming Model")),
])
def test_cross_references_come_off_the_end(text: str, expected: EntryText) -> None:
    assert split_cross_refs(text) == expected


def test_separators_inside_parentheses_do_not_split() -> None:
    assert split_top_level("a (b; c); d", "; ") == ["a (b; c)", "d"]


@pytest.mark.parametrize(("head", "expected"), [
    # a lowercase chunk continues the term
    ("comparing static, dynamic, continuous, Continuous Batching",
     ["comparing static, dynamic, continuous", "Continuous Batching"]),
    # "and" continues a list, and a serial comma needs three items
    ("warps, Streaming Multiprocessor, Threads, and Warps",
     ["warps", "Streaming Multiprocessor, Threads, and Warps"]),
    ("PyTorch, PyTorch, CUDA Pipeline API, and Warp Specialization",
     ["PyTorch", "PyTorch, CUDA Pipeline API, and Warp Specialization"]),
    ("versus TP, PP, and hybrid, Adaptive Parallelism Strategies (TP Versus PP Versus Hybrid)",
     ["versus TP, PP, and hybrid", "Adaptive Parallelism Strategies (TP Versus PP Versus Hybrid)"]),
    # an open parenthesis holds its commas
    ("weight-only quantization, Weight-Only Quantization (GPTQ, AWQ)",
     ["weight-only quantization", "Weight-Only Quantization (GPTQ, AWQ)"]),
    # capitalised chunks stay apart: only the section titles can tell
    ("Amazon S3, Distributed, Parallel Filesystems and Object Stores",
     ["Amazon S3", "Distributed", "Parallel Filesystems and Object Stores"]),
])
def test_pieces_glue_chunks_that_cannot_start_anything(head: str, expected: list[str]) -> None:
    assert pieces(head) == expected
