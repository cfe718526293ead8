"""The practice problems on the site: the Practice page lists every problem by concept with its
command and says that no scores were measured; each concept with problems gets a Practise part
linking to them; a catalog without practice.yml shows neither. The site fixture with
tests/fixtures/practice/practice.yml laid over a copy of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gpulist.site.concept_page import render_concept
from gpulist.site.pages import nav, reading_pages
from gpulist.site.practice_page import NO_SCORES, render_practice
from gpulist.view.catalog import SiteView, build_view
from tests.site.conftest import CONFIG, FIXTURE, load_fixture

PRACTICE = Path(__file__).resolve().parents[1] / "fixtures" / "practice" / "practice.yml"


@pytest.fixture(scope="module")
def practised(tmp_path_factory: pytest.TempPathFactory) -> SiteView:
    root = tmp_path_factory.mktemp("practice") / "data"
    shutil.copytree(FIXTURE, root)
    shutil.copy(PRACTICE, root / "practice.yml")
    return build_view(load_fixture(root))


def test_the_page_lists_every_problem_under_each_of_its_concepts(practised: SiteView) -> None:
    text = render_practice(practised, CONFIG)
    by_concept = text.split("## By concept")[1].split("## Problems")[0]
    cuda = by_concept.split("{ #concept-cuda }")[1].split("###")[0]
    fp8 = by_concept.split("{ #concept-fp8 }")[1].split("###")[0]
    assert "[Row copy](#row-copy)" in cuda and "[FP8 scaling](#fp8-scale)" in cuda
    assert "[FP8 scaling](#fp8-scale)" in fp8 and "Row copy" not in fp8
    assert "`python labs/practice.py --problem fp8-scale --solution mine.py`" in fp8
    assert "(../concepts/fp8/index.md)" in by_concept


def test_each_problem_has_its_anchor_statement_formulas_shapes_and_command(practised: SiteView) -> None:
    problem = render_practice(practised, CONFIG).split("{ #fp8-scale }")[1]
    for fact in ("Signature: `solution(x) -> y`, fp16; checked within the fp16 tolerance (0.001)",
                 "bytes = `2 * n * s`", "FLOPs = `2 * n`", "Shapes: n = 1024; n = 4096; n = 8192.",
                 "blob/main/labs/problems/fp8-scale/starter.py", "Scores on the H200: none measured yet."):
        assert fact in problem, fact


def test_no_score_is_invented(practised: SiteView) -> None:
    text = render_practice(practised, CONFIG)
    assert NO_SCORES in text and "%" not in text


def test_statements_are_escaped(practised: SiteView) -> None:
    text = render_practice(practised, CONFIG)
    assert "<b>now</b>" not in text and "&lt;b&gt;now&lt;/b&gt;" in text


def test_a_concept_with_problems_gets_a_practise_part(practised: SiteView) -> None:
    page = render_concept(practised.concept_by_id["fp8"], practised, CONFIG)
    part = page.split("## Practise { #practise data-search-exclude }")[1].split("\n## ")[0]
    assert "[FP8 scaling](../../practice/index.md#fp8-scale)" in part and "Row copy" not in part
    assert "`python labs/practice.py --problem fp8-scale --solution mine.py`" in part
    assert "## Practise" not in render_concept(practised.concept_by_id["attention"], practised, CONFIG)


def test_the_page_and_its_nav_item_come_with_practice_yml(practised: SiteView, view: SiteView) -> None:
    assert "practice/index.md" in reading_pages(practised, CONFIG)
    assert {"Practice": "practice/index.md"} in nav(practised)[-1]["Browse"]
    assert "practice/index.md" not in reading_pages(view, CONFIG)
    assert {"Practice": "practice/index.md"} not in nav(view)[-1]["Browse"]
    assert "## Practise" not in render_concept(view.concept_by_id["cuda"], view, CONFIG)
