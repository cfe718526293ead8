"""duplicate: two files must not list the same resource, however its URL is spelled."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpulist.checks import duplicate_resource
from tests.catalogs import load, resource


def _found(tmp_path: Path, first: dict[str, object], second: dict[str, object]) -> list[tuple[str, int, int, str]]:
    files = {"resources/a-first.yml": resource(**first), "resources/b-second.yml": resource(**second)}
    catalog, load_problems = load(tmp_path, files)
    assert load_problems == []
    problems = duplicate_resource.check(catalog)
    assert {p.rule for p in problems} <= {duplicate_resource.RULE}
    return [(Path(p.path).name, p.line, p.col, p.message) for p in problems]


@pytest.mark.parametrize(("first", "second", "same"), [
    ({"url": "https://arxiv.org/abs/2205.14135"}, {"url": "https://arxiv.org/pdf/2205.14135v2.pdf"},
     "same arXiv id 2205.14135"),
    ({"url": "https://arxiv.org/abs/2205.14135"}, {"url": "https://openreview.net/forum?id=H4D", "arxiv": "2205.14135"},
     "same arXiv id 2205.14135"),
    ({"url": "https://doi.org/10.1145/3458817"}, {"url": "https://example.org/p", "doi": "10.1145/3458817"},
     "same DOI 10.1145/3458817"),
    ({"url": "https://github.com/NVIDIA/cutlass"}, {"url": "https://github.com/nvidia/cutlass.git"},
     "same GitHub repository nvidia/cutlass"),
    ({"url": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"}, {"url": "https://youtu.be/dQw4w9WgXcQ"},
     "same YouTube video dQw4w9WgXcQ"),
    ({"url": "http://www.example.org/post/"}, {"url": "https://example.org/post"}, "same URL example.org/post"),
])
def test_duplicates_name_the_first_file_and_the_shared_identity(
    tmp_path: Path, first: dict[str, object], second: dict[str, object], same: str
) -> None:
    [(name, line, col, message)] = _found(tmp_path, first, second)
    assert (name, line) == ("b-second.yml", 2)
    assert message.startswith("duplicate of ") and message.endswith(f"resources/a-first.yml ({same})")


@pytest.mark.parametrize(("first", "second"), [
    ({"url": "https://github.com/NVIDIA/cutlass"}, {"url": "https://github.com/NVIDIA/cutlass/blob/main/README.md"}),
    ({"url": "https://arxiv.org/abs/2205.14135"}, {"url": "https://arxiv.org/abs/2205.14136"}),
    ({"url": "https://example.org/a"}, {"url": "https://example.org/b"}),
    ({"url": None}, {"url": None}),
])
def test_different_resources_pass(tmp_path: Path, first: dict[str, object], second: dict[str, object]) -> None:
    def text(fields: dict[str, object]) -> str:  # resource(url=None) drops the field; write it as null
        return resource(**fields) + ("url: null\n" if fields["url"] is None else "")

    catalog, load_problems = load(tmp_path, {"resources/a.yml": text(first), "resources/b.yml": text(second)})
    assert load_problems == []
    assert duplicate_resource.check(catalog) == []


def test_the_strongest_identity_is_named(tmp_path: Path) -> None:
    """Two files share both URL and arXiv id: the message names the arXiv id, the more telling key."""
    url = {"url": "https://arxiv.org/abs/2205.14135"}
    [(_, _, _, message)] = _found(tmp_path, url, url)
    assert message.endswith("(same arXiv id 2205.14135)")


def test_three_copies_each_point_at_the_first(tmp_path: Path) -> None:
    files = {f"resources/{n}.yml": resource(url="https://example.org/x") for n in ("a", "b", "c")}
    catalog, _ = load(tmp_path, files)
    assert [(Path(p.path).name, p.message.split(" (")[0].rsplit("/", 1)[1])
            for p in duplicate_resource.check(catalog)] == [("b.yml", "a.yml"), ("c.yml", "a.yml")]


@pytest.mark.parametrize(("older", "newer"), [("a-first", "b-second"), ("b-second", "a-first")])
def test_the_newer_file_is_reported_whatever_its_name(tmp_path: Path, older: str, newer: str) -> None:
    """Newer is the later `added`: the file a contributor just wrote, even when its name sorts first."""
    url = "https://example.org/post"
    files = {f"resources/{older}.yml": resource(url=url, added=dt.date(2024, 3, 1)),
             f"resources/{newer}.yml": resource(url=url, added=dt.date(2025, 6, 1))}
    catalog, _ = load(tmp_path, files)
    [problem] = duplicate_resource.check(catalog)
    assert Path(problem.path).stem == newer and problem.message.startswith("duplicate of ")
    assert f"resources/{older}.yml (same URL example.org/post)" in problem.message


def test_a_same_day_tie_goes_to_the_later_path(tmp_path: Path) -> None:
    """Two files added on one day: the later path is reported, the same in every checkout."""
    files = {f"resources/{n}.yml": resource(url="https://example.org/x", added=dt.date(2025, 6, 1)) for n in ("b", "a")}
    catalog, _ = load(tmp_path, files)
    assert [Path(p.path).name for p in duplicate_resource.check(catalog)] == ["b.yml"]
