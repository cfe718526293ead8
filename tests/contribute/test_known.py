"""Known identities come from gpulist.identity, so new/import agree with validate."""

from __future__ import annotations

from pathlib import Path

from gpulist.contribute.known import Known
from gpulist.load import load_catalog


def test_every_spelling_of_a_listed_resource_is_found(data: Path) -> None:
    known = Known.from_catalog(load_catalog(data)[0])
    for url in ("https://arxiv.org/pdf/2307.08691", "http://www.arxiv.org/abs/2307.08691v2/",
                "https://arxiv.org/abs/2307.08691#abstract"):
        where, key = known.find(url)
        assert where.endswith("flashattention-2.yml") and key.kind == "arxiv"
    assert known.find("https://example.org/abs/2307.08691") is None
    assert known.find("https://example.org/x", arxiv="2307.08691") is not None


def test_added_keys_are_found_by_url_spelling() -> None:
    known = Known()
    from gpulist.identity import url_keys

    known.add(url_keys("https://siboehm.com/articles/22/CUDA-MMM"), "line 3")
    assert known.find("https://www.siboehm.com/articles/22/CUDA-MMM/?utm_source=x") == (
        "line 3", sorted(url_keys("https://siboehm.com/articles/22/CUDA-MMM"))[0])
