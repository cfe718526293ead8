"""Canonical identity: which spellings are the same resource, and which only look alike.

`gpulist validate` (duplicates), `gpulist new` and `gpulist import` all rely on this one
notion, so a false "same" blocks a legitimate entry and a false "different" lets a
duplicate in. Both directions are tested as tables of URL pairs.
"""

from __future__ import annotations

import pytest

from gpulist.identity import (
    Key,
    TitleIndex,
    arxiv_id,
    doi,
    github_repo,
    github_repo_parts,
    identity_keys,
    normalize_url,
    url_keys,
    without_tracking,
    youtube_id,
)


def _same(a: str, b: str) -> bool:
    return bool(url_keys(a) & url_keys(b))


@pytest.mark.parametrize(("a", "b"), [
    # arXiv: abs, pdf, html, versioned, export mirror
    ("https://arxiv.org/abs/2307.08691", "https://arxiv.org/pdf/2307.08691"),
    ("https://arxiv.org/abs/2307.08691", "https://arxiv.org/pdf/2307.08691v2.pdf"),
    ("https://arxiv.org/abs/2307.08691v1", "https://arxiv.org/abs/2307.08691v3"),
    ("https://arxiv.org/abs/2307.08691", "https://arxiv.org/html/2307.08691v1"),
    ("https://export.arxiv.org/abs/2307.08691", "http://www.arxiv.org/abs/2307.08691/"),
    ("https://arxiv.org/abs/2307.08691", "https://arxiv.org/abs/2307.08691?context=cs.LG"),
    # DOI: resolvers and case
    ("https://doi.org/10.1145/3458817.3476209", "https://dx.doi.org/10.1145/3458817.3476209"),
    ("https://doi.org/10.1145/ABC.123", "http://doi.org/10.1145/abc.123"),
    # GitHub: owner/repo case, .git, trailing slash, www, branch front page, fragment
    ("https://github.com/NVIDIA/cutlass", "https://github.com/nvidia/CUTLASS"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass.git"),
    ("https://github.com/NVIDIA/cutlass", "https://www.github.com/NVIDIA/cutlass/"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass/tree/main"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass#readme"),
    # YouTube: watch, youtu.be, embed, shorts, mobile, extra parameters
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ?t=42"),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s", "https://m.youtube.com/watch?v=dQw4w9WgXcQ"),
    ("https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"),
    ("https://youtube.com/shorts/dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"),
    ("https://www.youtube.com/live/dQw4w9WgXcQ", "https://www.youtube.com/watch?list=PL1&v=dQw4w9WgXcQ"),
    # Any URL: scheme, www., trailing slash, default port, host case, tracking, query order
    ("http://example.org/post", "https://example.org/post"),
    ("https://www.example.org/post", "https://example.org/post"),
    ("https://example.org/post/", "https://example.org/post"),
    ("https://example.org:443/post", "https://example.org/post"),
    ("http://example.org:80/post", "https://EXAMPLE.org/post"),
    ("https://example.org/post?utm_source=x&utm_medium=y", "https://example.org/post"),
    ("https://example.org/post?fbclid=1&ref=hn", "https://example.org/post"),
    ("https://example.org/s?b=2&a=1", "https://example.org/s?a=1&b=2"),
    ("https://example.org", "https://example.org/"),
])
def test_same_resource(a: str, b: str) -> None:
    assert _same(a, b), (url_keys(a), url_keys(b))
    assert _same(b, a)


@pytest.mark.parametrize(("a", "b"), [
    # a file, an issue or a subfolder of a repository is not the repository
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass/blob/main/README.md"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass/tree/main/examples"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass/issues/1"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA"),
    ("https://github.com/NVIDIA/cutlass", "https://github.com/NVIDIA/cutlass-extras"),
    ("https://github.com/orgs/NVIDIA", "https://github.com/orgs/nvidia/people"),
    ("https://github.com/NVIDIA/cutlass", "https://gitlab.com/NVIDIA/cutlass"),
    # other papers, versions of other papers, other videos
    ("https://arxiv.org/abs/2307.08691", "https://arxiv.org/abs/2307.08692"),
    ("https://arxiv.org/abs/2307.08691", "https://notarxiv.org/abs/2307.08691"),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube.com/watch?v=aaaaaaaaaaa"),
    ("https://www.youtube.com/playlist?list=PL1", "https://www.youtube.com/playlist?list=PL2"),
    ("https://doi.org/10.1145/1", "https://doi.org/10.1145/2"),
    # any URL: path case, subdomain, meaningful query parameters, deeper path
    ("https://example.org/Post", "https://example.org/post"),
    ("https://blog.example.org/post", "https://example.org/post"),
    ("https://openreview.net/forum?id=A", "https://openreview.net/forum?id=B"),
    ("https://example.org/post", "https://example.org/post/2"),
    ("https://example.org:8080/post", "https://example.org/post"),
])
def test_different_resources(a: str, b: str) -> None:
    assert not _same(a, b), url_keys(a) & url_keys(b)


@pytest.mark.parametrize(("url", "expected"), [
    ("https://arxiv.org/pdf/2307.08691v2.pdf", "2307.08691"),
    ("https://arxiv.org/abs/1706.03762", "1706.03762"),
    ("https://arxiv.org/list/cs.LG/recent", None),
    ("https://example.org/abs/2307.08691", None),
])
def test_arxiv_id(url: str, expected: str | None) -> None:
    assert arxiv_id(url) == expected


@pytest.mark.parametrize(("url", "expected"), [
    ("https://doi.org/10.1145/3458817.3476209", "10.1145/3458817.3476209"),
    ("https://doi.org/10.1109/MM.2008.31", "10.1109/mm.2008.31"),
    ("https://doi.org/about", None),
    ("https://dl.acm.org/doi/10.1145/3458817", None),
])
def test_doi(url: str, expected: str | None) -> None:
    assert doi(url) == expected


@pytest.mark.parametrize(("url", "expected"), [
    ("https://github.com/Dao-AILab/flash-attention", "dao-ailab/flash-attention"),
    ("https://github.com/triton-lang/triton.git", "triton-lang/triton"),
    ("https://github.com/karpathy/llm.c", "karpathy/llm.c"),
    ("https://github.com/topics/cuda", None),
    ("https://github.com/NVIDIA/cutlass/pulls", None),
])
def test_github_repo(url: str, expected: str | None) -> None:
    assert github_repo(url) == expected


@pytest.mark.parametrize(("url", "expected"), [
    ("https://github.com/Dao-AILab/flash-attention", ("Dao-AILab", "flash-attention")),
    ("https://user:token@www.GitHub.com/Acme/List.git/", ("Acme", "List")),
    ("https://github.com/Acme/List/tree/Main", ("Acme", "List")),
    ("ssh://git@github.com/acme/list.git", ("acme", "list")),
    ("https://github.com/Topics/cuda", None),
    ("https://github.com/NVIDIA/cutlass/pulls", None),
    ("https://gitlab.com/acme/list", None),
])
def test_github_repo_parts_keep_the_case_github_repo_lowers(url: str, expected: tuple[str, str] | None) -> None:
    assert github_repo_parts(url) == expected
    assert github_repo(url) == ("/".join(expected).lower() if expected else None)


@pytest.mark.parametrize(("url", "expected"), [
    ("https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"),
    ("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1", "dQw4w9WgXcQ"),
    ("https://www.youtube.com/watch?v=short", None),
    ("https://www.youtube.com/@GPUMODE", None),
    ("https://www.youtube.com/playlist?list=PLxyz", None),
    ("https://vimeo.com/123456789", None),
])
def test_youtube_id(url: str, expected: str | None) -> None:
    assert youtube_id(url) == expected


def test_explicit_identifiers_add_keys() -> None:
    keys = identity_keys("https://openreview.net/forum?id=A", arxiv="2205.14135", doi_value="10.1145/ABC")
    assert {k.kind for k in keys} == {"url", "arxiv", "doi"}
    assert Key("doi", "10.1145/abc") in keys


def test_no_url_and_no_identifiers_means_no_keys() -> None:
    """Link-wanted entries cannot be duplicates of each other by identity."""
    assert identity_keys(None) == set()


@pytest.mark.parametrize(("key", "text"), [
    (Key("arxiv", "2205.14135"), "same arXiv id 2205.14135"),
    (Key("github", "nvidia/cutlass"), "same GitHub repository nvidia/cutlass"),
    (Key("youtube", "dQw4w9WgXcQ"), "same YouTube video dQw4w9WgXcQ"),
    (Key("url", "example.org/post"), "same URL example.org/post"),
    (Key("doi", "10.1/x"), "same DOI 10.1/x"),
])
def test_key_descriptions_read_as_a_reason(key: Key, text: str) -> None:
    assert key.describe() == text


@pytest.mark.parametrize("url", ["https://example.org:abc/x", "https://example.org:99999/x"])
def test_unusable_ports_do_not_crash_normalisation(url: str) -> None:
    """Identity also serves `gpulist new` on raw input, before any model has checked the URL."""
    assert normalize_url(url) == "example.org/x"


@pytest.mark.parametrize(("url", "expected"), [
    ("https://youtu.be/dQw4w9WgXcQ?si=AbCd", "https://youtu.be/dQw4w9WgXcQ"),
    ("https://example.org/p?utm_source=x&id=7&utm_medium=y", "https://example.org/p?id=7"),
    ("https://example.org/p?q=a%20b&ref=hn#part", "https://example.org/p?q=a%20b#part"),
    ("https://example.org/wiki/A_(B)?x=1", "https://example.org/wiki/A_(B)?x=1"),  # nothing to drop: as written
])
def test_without_tracking_keeps_the_url_as_written(url: str, expected: str) -> None:
    assert without_tracking(url) == expected


@pytest.mark.parametrize(("a", "b", "how"), [
    ("Programming Massively Parallel Processors", "programming massively-parallel processors!", "same title"),
    ("The CUDA Handbook", "CUDA Handbook", "same title"),
    ("Über Kernels", "uber kernels", "same title"),
    ("The CUDA Handbook", "CUDA Handbook: A Comprehensive Guide", "same title but for a subtitle"),
    ("Dissecting Hopper - a study", "Dissecting Hopper", "same title but for a subtitle"),
    ("Programming Massively Parallel Processors (PMPP)", "Programming Massively Parallel Processors",
     "same title but for a subtitle"),
])
def test_near_identical_titles_match(a: str, b: str, how: str) -> None:
    index: TitleIndex[str] = TitleIndex()
    index.add(a, "first")
    assert index.find(b) == ("first", how)


@pytest.mark.parametrize(("a", "b"), [
    ("CUDA: Streams", "CUDA: Unified Memory"),
    ("Notes (part 1)", "Notes (part 2)"),
    ("FlashAttention-2", "FlashAttention-3"),
    ("A100 deep dive", "100 deep dive"),
    ("arXiv:2402.13499", "arXiv"),
])
def test_different_titles_do_not_match(a: str, b: str) -> None:
    index: TitleIndex[str] = TitleIndex()
    index.add(a, "first")
    assert index.find(b) is None


def test_title_index_skips_values_not_accepted() -> None:
    index: TitleIndex[str] = TitleIndex()
    index.add("FastKernels", "code")
    index.add("FastKernels", "book")
    assert index.find("FastKernels", lambda kind: kind != "code") == ("book", "same title")


def test_title_index_finds_only_equal_titles_when_asked() -> None:
    index: TitleIndex[str] = TitleIndex()
    index.add("Mojo: a language for AI", "with subtitle")
    assert index.find("Mojo") == ("with subtitle", "same title but for a subtitle")
    assert index.find("Mojo", equal=True) is None
    index.add("The Mojo", "equal")
    assert index.find("mojo!", equal=True) == ("equal", "same title")
