"""Recovering the index's nesting from the extraction's repeated blocks."""

from __future__ import annotations

from gpulist.seeds.index_outline import Bullet, parse_outline

RUN_TOGETHER = """# Index

### Symbols

- #pragma unroll, Exposing Instruction-Level Parallelism, Loop Unrolling, Interleaving, and Compiler Hintingunrolling too many iterations, Profiling and Mitigating Register Pressure
- __global__, CUDA Programming Refresher

- unrolling too many iterations, Profiling and Mitigating Register Pressure

### X

- XFSoptimizing, Sequential Versus Random Read Patternstuning for throughput, Tuning NVMe and Filesystem for Throughput

- optimizing, Sequential Versus Random Read Patterns
- tuning for throughput, Tuning NVMe and Filesystem for Throughput

---

## Chapter ?
- not part of the index
"""


def _shape(bullets: list[Bullet]) -> list[tuple[str, list]]:
    return [(b.text, _shape(b.children)) for b in bullets]


def test_children_are_cut_off_their_parents_line() -> None:
    letters, problems = parse_outline(RUN_TOGETHER, "seed.txt")
    assert problems == []
    assert [letter.heading for letter in letters] == ["Symbols", "X"]
    assert _shape(letters[0].bullets) == [
        ("#pragma unroll, Exposing Instruction-Level Parallelism, Loop Unrolling, Interleaving, and Compiler Hinting",
         [("unrolling too many iterations, Profiling and Mitigating Register Pressure", [])]),
        ("__global__, CUDA Programming Refresher", []),
    ]


def test_a_term_with_no_reference_keeps_only_its_name() -> None:
    letters, _ = parse_outline(RUN_TOGETHER, "seed.txt")
    xfs = letters[1].bullets[0]
    assert xfs.text == "XFS"
    assert [c.text for c in xfs.children] == [
        "optimizing, Sequential Versus Random Read Patterns",
        "tuning for throughput, Tuning NVMe and Filesystem for Throughput",
    ]


def test_blocks_nest_depth_first() -> None:
    text = """### B

- Blackwell GPU (NVIDIA)architectureB200, Understanding GPU Memory HierarchyB300, Blackwell Ultra and Grace Blackwell Ultramemory, The CPU and GPU Superchip
- book web page, How to Contact Us

- architectureB200, Understanding GPU Memory HierarchyB300, Blackwell Ultra and Grace Blackwell Ultra
- memory, The CPU and GPU Superchip

- B200, Understanding GPU Memory Hierarchy
- B300, Blackwell Ultra and Grace Blackwell Ultra
"""
    letters, problems = parse_outline(text, "seed.txt")
    assert problems == []
    assert _shape(letters[0].bullets) == [
        ("Blackwell GPU (NVIDIA)", [
            ("architecture", [("B200, Understanding GPU Memory Hierarchy", []),
                              ("B300, Blackwell Ultra and Grace Blackwell Ultra", [])]),
            ("memory, The CPU and GPU Superchip", []),
        ]),
        ("book web page, How to Contact Us", []),
    ]


def test_a_tail_that_would_leave_a_trailing_space_is_not_a_child_block() -> None:
    """'NVIDIA GDS, Using NVIDIA GDS' ends with the sub-entry 'GDS, Using NVIDIA GDS' of the
    next bullet; taking it would leave the term 'NVIDIA ' and rob O_DIRECT of its child."""
    text = """### D

- direct memory access (DMA)NVIDIA GDS, Using NVIDIA GDSO_DIRECT, Using NVIDIA GDSGDS, Using NVIDIA GDS

- NVIDIA GDS, Using NVIDIA GDS
- O_DIRECT, Using NVIDIA GDSGDS, Using NVIDIA GDS

- GDS, Using NVIDIA GDS
"""
    letters, problems = parse_outline(text, "seed.txt")
    assert problems == []
    dma = letters[0].bullets[0]
    assert [(c.text, [g.text for g in c.children]) for c in dma.children] == [
        ("NVIDIA GDS, Using NVIDIA GDS", []),
        ("O_DIRECT, Using NVIDIA GDS", ["GDS, Using NVIDIA GDS"]),
    ]


def test_unmatched_blocks_and_stray_lines_are_reported_with_their_line() -> None:
    text = "### A\n\n- alpha, Section One\n\n- orphan, Section Two\nstray text\n"
    letters, problems = parse_outline(text, "seed.txt")
    assert [b.text for b in letters[0].bullets] == ["alpha, Section One"]
    assert sorted((p.line, p.severity) for p in problems) == [(5, "warning"), (6, "warning")]
    assert all(p.path == "seed.txt" for p in problems)


def test_the_index_ends_at_the_first_rule_after_it() -> None:
    letters, _ = parse_outline(RUN_TOGETHER, "seed.txt")
    texts = [b.text for letter in letters for b in letter.bullets]
    assert "not part of the index" not in texts
    assert letters[1].line == 10
