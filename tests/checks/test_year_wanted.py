"""year-wanted: which entries are dated work, the measure behind the year figure of the real data."""

from __future__ import annotations

import datetime as dt

import pytest

from gpulist.checks.year_wanted import is_dated
from gpulist.models import Resource


def _entry(kind: str, url: str | None) -> Resource:
    return Resource.model_validate({"id": "x", "title": "X", "url": url, "type": kind, "topic": "t",
                                    "added": dt.date(2025, 1, 1)})


@pytest.mark.parametrize(("kind", "url"), [
    ("paper", "https://arxiv.org/abs/2307.08691"),
    ("blog", "https://siboehm.com/articles/22/CUDA-MMM"),
    ("blog", "https://www.cnblogs.com/learnhow/p/18447779"),
    ("blog", "https://example.org/categorical-data-on-gpus/"),  # a word that contains "category" is not one
    ("video", "https://www.youtube.com/watch?v=86FAWCzIe_4"),
    ("course", "https://gfxcourses.stanford.edu/cs149/fall25"),
    ("book", None),
])
def test_work_that_appeared_once_is_dated(kind: str, url: str | None) -> None:
    assert is_dated(_entry(kind, url))


@pytest.mark.parametrize(("kind", "url"), [
    ("blog", "https://leimao.github.io"),
    ("blog", "https://cudaforfun.substack.com/"),
    ("blog", "https://www.cnblogs.com/int-me-X/category/2371391.html"),
    ("video", "https://www.youtube.com/playlist?list=PLbMP1JcGBmSHxp4-lubU5WYmJ9YgAQcf3"),
    ("code", "https://github.com/NVIDIA/cutlass"),
    ("docs", "https://docs.nvidia.com/cuda/"),
    ("tool", "https://perfetto.dev/"),
])
def test_series_and_living_resources_are_not(kind: str, url: str) -> None:
    assert not is_dated(_entry(kind, url))
