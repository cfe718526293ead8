"""The census matcher on fixtures: ids, URL forms, titles, and the works it must not guess."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gpulist.census import CatalogIndex, index_catalog, load_census, place, place_all, report, shared_works
from gpulist.models.census import CensusWork
from gpulist.models.resource import Resource

FIXTURES = Path(__file__).parent / "fixtures" / "census"
ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def index() -> CatalogIndex:
    found, problems = index_catalog(FIXTURES / "data")
    assert problems == []
    return found


def _place(index: CatalogIndex, **fields: str) -> tuple[str | None, str]:
    found = place(CensusWork(**{"title": "Some title nobody uses", **fields}), index)
    return found.entry, found.how


@pytest.mark.parametrize(("fields", "entry", "how"), [
    ({"url": "https://arxiv.org/pdf/2307.08691v2.pdf"}, "flashattention-2", "same arXiv id 2307.08691"),
    ({"url": "https://arxiv.org/html/2307.08691v1"}, "flashattention-2", "same arXiv id 2307.08691"),
    ({"arxiv": "2307.08691"}, "flashattention-2", "same arXiv id 2307.08691"),
    ({"url": "https://dl.acm.org/doi/10.1145/1498765.1498785", "doi": "10.1145/1498765.1498785"}, "roofline",
     "same DOI 10.1145/1498765.1498785"),
    ({"url": "https://github.com/nvidia/CUTLASS.git"}, "cutlass", "same GitHub repository nvidia/cutlass"),
    ({"url": "https://github.com/NVIDIA/cutlass/tree/main"}, "cutlass", "same GitHub repository nvidia/cutlass"),
    ({"url": "http://www.jax-ml.github.io/scaling-book?utm_source=x"}, "scaling-book",
     "same URL jax-ml.github.io/scaling-book"),
    ({"url": "https://github.com/Dao-AILab/flash-attention"}, "flashattention-2",
     "secondary link, same GitHub repository dao-ailab/flash-attention"),
])
def test_a_work_is_placed_by_its_strongest_key(index: CatalogIndex, fields: dict, entry: str, how: str) -> None:
    assert _place(index, **fields) == (entry, how)


def test_a_title_places_a_work_without_a_key(index: CatalogIndex) -> None:
    assert _place(index, title="Programming Massively Parallel Processors") == ("pmpp", "same title but for a subtitle")
    assert _place(index, title="how to scale your model") == ("scaling-book", "same title")


def test_a_one_word_title_is_reported_not_guessed(index: CatalogIndex) -> None:
    """'CUTLASS' at another address may be the library or a talk about it: no key, no placing."""
    assert _place(index, title="CUTLASS", url="https://example.org/cutlass-talk") == (
        None, "unplaceable: no key matches and a one-word title only names cutlass")
    assert _place(index, title="Nothing")[1].startswith("missing")


def test_a_key_beats_a_title_that_names_another_entry(index: CatalogIndex) -> None:
    assert _place(index, title="CUTLASS", url="https://arxiv.org/abs/2307.08691")[0] == "flashattention-2"


def test_keys_naming_two_entries_are_reported_not_guessed(index: CatalogIndex) -> None:
    entry, how = _place(index, url="https://jax-ml.github.io/scaling-book/roofline/", doi="10.1145/1498765.1498785")
    assert entry is None
    assert how.startswith("unplaceable: own key, its keys name 2 entries")
    assert "roofline" in how and "scaling-book-roofline" in how


def test_a_deeper_page_is_not_its_site(index: CatalogIndex) -> None:
    """A chapter's URL is another resource than the book's front page."""
    assert _place(index, url="https://jax-ml.github.io/scaling-book/sharding/") == (
        None, "missing: no key and no title of the catalog matches")


def test_figures_per_list_per_area_and_shared(index: CatalogIndex) -> None:
    lists, problems = load_census(FIXTURES / "lists")
    assert problems == [] and [c.id for c in lists] == ["course-a", "list-b"]
    placed = place_all(lists, index)
    assert len([p for p in placed if p.list_id == "course-a"]) == 6  # the second FlashAttention-2 URL counts once
    lines = report(lists, placed)
    assert "  course-a                      5 / 6     83.3%" in lines
    assert "  list-b                        2 / 4     50.0%  (1 unplaceable)" in lines
    assert "  training-and-parallelism      1 / 1    100.0%" in lines
    assert "  works                         2 / 3     66.7%" in lines
    assert any(line.startswith("  list-b: Two entries at once <") and "unplaceable" in line for line in lines)


def test_shared_works_join_lists_by_any_key_or_title(index: CatalogIndex) -> None:
    lists, _ = load_census(FIXTURES / "lists")
    groups = shared_works(place_all(lists, index))
    titles = sorted(sorted(p.work.title for p in g) for g in groups)
    assert titles == [  # the paper and its code repository are two works, though one entry holds both
        ["A work the catalog lacks", "The catalog lacks this one too"],
        ["Programming Massively Parallel Processors", "Programming massively parallel processors"],
        ["The Roofline Paper", "Two entries at once"],
    ]


def test_a_subtitle_on_both_sides_is_not_the_same_title(index: CatalogIndex) -> None:
    """'PMPP: A Hands-on Approach' against 'PMPP (PMPP)' is two tails after one name: not guessed."""
    assert _place(index, title="Programming Massively Parallel Processors: A Hands-on Approach")[0] is None


def test_broken_lists_are_located() -> None:
    lists, problems = load_census(FIXTURES / "broken")
    assert lists == []
    found = {(Path(p.path).name, p.line, p.rule) for p in problems}
    assert {("bad-list.yml", 3, "invalid-value"), ("bad-list.yml", 5, "url-scheme"),  # kind: blog; ftp://
            ("bad-list.yml", 7, "wrong-type"), ("bad-list.yml", 13, "invalid-value"),  # unquoted date; arxiv
            ("bad-list.yml", 14, "unknown-field")} <= found  # colour:
    assert ("wrong-name.yml", 1, "file-name") in found


def test_the_script_exits_1_on_a_broken_list_and_still_prints(tmp_path: Path) -> None:
    folder = tmp_path / "census"
    shutil.copytree(FIXTURES / "lists", folder)
    shutil.copy(FIXTURES / "broken" / "wrong-name.yml", folder)
    run = subprocess.run([sys.executable, str(ROOT / "scripts" / "census.py"), "--census", str(folder),
                          "--data", str(FIXTURES / "data"), "--no-missing"], capture_output=True, text=True)
    assert run.returncode == 1
    assert "wrong-name.yml:1:" in run.stderr
    assert run.stdout.startswith("census: 2 lists, 10 works")
    assert "not placed" not in run.stdout


def test_a_repository_two_entries_link_is_unplaceable() -> None:
    """Two papers that both link one code repository: the repository alone cannot say which one."""
    index = CatalogIndex()
    for n, arxiv in ((1, "2506.06122"), (2, "2512.22560")):
        index.add(Resource.model_validate({
            "id": f"paper-{n}", "title": f"Paper {n}", "url": f"https://arxiv.org/abs/{arxiv}", "type": "paper",
            "topic": "distributed", "added": dt.date(2026, 1, 1),
            "links": [{"title": "Code", "url": "https://github.com/alibaba/ROLL"}]}))
    found = place(CensusWork(title="ROLL", url="https://github.com/alibaba/roll"), index)
    assert found.entry is None
    assert found.how.startswith("unplaceable: secondary link, its keys name 2 entries")
    assert place(CensusWork(title="x", url="https://arxiv.org/pdf/2512.22560v1"), index).entry == "paper-2"


def test_the_real_census_lists_all_validate() -> None:
    """provenance/census is what the issue's figures are computed from: a broken list would drop out silently."""
    lists, problems = load_census(ROOT / "provenance" / "census")
    assert problems == []
    assert len(lists) >= 15
    assert len({c.author for c in lists}) == len(lists)  # independent: no two lists from one keeper
