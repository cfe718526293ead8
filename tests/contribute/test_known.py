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


def test_a_link_names_a_listed_repository_paper_or_video_but_not_a_page() -> None:
    from gpulist.identity import identity_keys

    known = Known()
    known.add(identity_keys("https://github.com/facebookresearch/HolisticTraceAnalysis"), "hta.yml")
    known.add(identity_keys("https://arxiv.org/abs/2307.08691"), "fa2.yml")
    known.add(identity_keys("https://www.modular.com/mojo"), "mojo.yml")
    assert known.find_named("https://github.com/FacebookResearch/HolisticTraceAnalysis.git")[0] == "hta.yml"
    assert known.find_named("https://arxiv.org/pdf/2307.08691v2")[0] == "fa2.yml"
    assert known.find_named("https://www.modular.com/mojo") is None  # a home page may be mere context
    assert known.find("https://www.modular.com/mojo") is not None


def test_an_equal_title_matches_any_kind_only_when_asked(data: Path) -> None:
    known = Known.from_catalog(load_catalog(data)[0])
    known.add_title("Mojo", "code", "mojo.yml")
    assert known.find_title("Mojo", "docs") is None  # validate's rule: a talk may share its paper's name
    assert known.find_title("Mojo", "docs", equal_any_kind=True) == "possible duplicate of mojo.yml (same title: 'Mojo')"
    assert known.find_title("Mojo (language)", "docs", equal_any_kind=True) is None
