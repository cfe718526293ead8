"""Headings to topic, tier and group, by name."""

from __future__ import annotations

import pytest

from gpulist.contribute.placement import heading_key, place
from gpulist.load import load_catalog
from tests.contribute.conftest import CATALOG

TOPICS = load_catalog(CATALOG)[0].topics


@pytest.mark.parametrize(("headings", "expected"), [
    (("2. Matrix Multiplication (The Gateway)", "Tier 3: cuBLAS Internals"), ("matmul", 3, None)),
    (("Matrix Multiplication", "Advanced Implementations"), ("matmul", 2, None)),
    (("Tensor Cores & Mixed Precision", "Fundamentals"), ("tensor-cores", 1, None)),
    (("Awesome", "GEMM"), ("matmul", None, None)),
    (("11. The Big Picture", "Communities"), ("big-picture", None, "communities")),
    (("Communities",), ("big-picture", None, "communities")),
    (("Triton",), ("compilers", 1, None)),
    (("Attention", "Inference"), ("inference", None, None)),
    (("Random section",), (None, None, None)),
])
def test_place(headings: tuple[str, ...], expected: tuple) -> None:
    found = place(headings, TOPICS)
    assert (found.topic.id if found.topic else None, found.tier, found.group) == expected


def test_heading_key_drops_numbering_and_emoji() -> None:
    assert heading_key("2. Matrix Multiplication 🔥") == "matrix-multiplication"
