"""Flags and answers resolved against topics.yml and concepts.yml."""

from __future__ import annotations

import pytest

from gpulist.contribute import vocabulary
from gpulist.load import load_catalog
from gpulist.problems import UsageError
from tests.contribute.conftest import CATALOG

CAT = load_catalog(CATALOG)[0]


def test_tags_resolve_ids_and_aliases_case_insensitively() -> None:
    assert vocabulary.tags(CAT, ["CUDA", "flash-attention", "cuda-c++"]) == ["cuda", "attention"]
    with pytest.raises(UsageError, match="did you mean 'triton'"):
        vocabulary.tags(CAT, ["tritn"])


def test_topic_and_placement() -> None:
    matmul = vocabulary.topic(CAT, "Matmul")
    assert vocabulary.placement(matmul, 2, None) == (2, None)
    assert vocabulary.placement(vocabulary.topic(CAT, "big-picture"), None, "communities") == (None, "communities")
    with pytest.raises(UsageError, match="unknown topic"):
        vocabulary.topic(CAT, "gpus")


def test_type_and_id() -> None:
    assert vocabulary.resource_type("paper") == "paper"
    with pytest.raises(UsageError, match="did you mean 'blog'"):
        vocabulary.resource_type("blogs")
    with pytest.raises(UsageError, match="kebab-case"):
        vocabulary.entry_id("Not An Id")
