"""Which source a URL goes to, and what the URL alone says."""

from __future__ import annotations

import json

import pytest

from gpulist.contribute.config import NetConfig
from gpulist.contribute.metadata import fetch_metadata, infer_type
from gpulist.contribute.metadata.dispatch import canonical_url, skeleton
from tests.contribute.fakes import FakeServer
from tests.contribute.metadata.test_arxiv import FEED


@pytest.mark.parametrize(("url", "kind"), [
    ("https://arxiv.org/pdf/2307.08691v2", "paper"), ("https://doi.org/10.1145/3600006.3613165", "paper"),
    ("https://github.com/NVIDIA/cutlass", "code"), ("https://youtu.be/dQw4w9WgXcQ", "video"),
    ("https://example.org/post", None), ("https://github.com/NVIDIA/cutlass/issues/1", None),
    ("https://dl.acm.org/doi/10.1145/3600006.3613165", "paper"), ("https://ieeexplore.ieee.org/document/9", "paper"),
    ("https://www.usenix.org/conference/osdi22/presentation/x", "paper"), ("https://www.usenix.org/about", None),
    ("https://www.amazon.com/dp/0323912311", "book"), ("https://www.amazon.co.uk/dp/0323912311", "book"),
    ("https://learning.oreilly.com/library/view/x/9/", "book"), ("https://www.manning.com/books/x", "book"),
    ("https://docs.nvidia.com/cuda/", "docs"), ("https://triton.readthedocs.io/en/latest/", "docs"),
    ("https://pytorch.org/docs/stable/", "docs"), ("https://example.org/docsify", None),
    ("https://gitlab.com/owner/repo", "code"), ("https://gitlab.com/owner/repo/-/issues/1", None),
    ("https://amazonaws.example.org/x", None),
])
def test_infer_type(url: str, kind: str | None) -> None:
    assert infer_type(url) == kind


def test_canonical_urls() -> None:
    assert canonical_url("http://www.arxiv.org/pdf/2307.08691v3.pdf") == "https://arxiv.org/abs/2307.08691"
    assert canonical_url("https://youtu.be/dQw4w9WgXcQ") == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    assert canonical_url(" https://example.org/a ") == "https://example.org/a"
    assert canonical_url("https://youtu.be/dQw4w9WgXcQ?si=x") == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"
    assert canonical_url("https://example.org/a?utm_source=x&p=1") == "https://example.org/a?p=1"


def test_skeleton_keeps_identifiers() -> None:
    meta = skeleton("https://arxiv.org/abs/2307.08691v1", "offline")
    assert (meta.arxiv, meta.type, meta.failure, meta.title) == ("2307.08691", "paper", "offline", None)


def test_routes_by_url_kind(fake: FakeServer, config: NetConfig) -> None:
    fake.route("/api/query", FEED, content_type="application/atom+xml")
    fake.route("/gh/repos/nvidia/cutlass", json.dumps({"name": "cutlass"}), content_type="application/json")
    fake.route("/oembed", json.dumps({"title": "A talk"}), content_type="application/json")
    assert fetch_metadata("https://arxiv.org/pdf/2307.08691", config).source == "arxiv"
    assert fetch_metadata("https://github.com/NVIDIA/cutlass/", config).title == "cutlass"
    assert fetch_metadata("https://www.youtube.com/watch?v=dQw4w9WgXcQ", config).title == "A talk"
    page = fake.route("/p", "<title>Plain page</title>")
    assert fetch_metadata(page, config).source == "html"
