"""The Practice page and the concept pages' Practise parts, built strictly with each engine: the
site fixture with tests/fixtures/practice/practice.yml laid over it builds, the page is in the
navigation, and every link between the page and the concept pages lands on its anchor."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gpulist.publish.engine import ENGINES
from tests.publish.test_build import REPO_URL, SITE_URL, build, make_project

PRACTICE = Path(__file__).resolve().parents[1] / "fixtures" / "practice" / "practice.yml"


@pytest.fixture(scope="module", params=ENGINES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_project(tmp_path_factory.mktemp(f"practice-{request.param}"))
    shutil.copy(PRACTICE, project / "data" / "practice.yml")
    assert build(project, request.param, "--site-url", SITE_URL, "--repo-url", REPO_URL) == 0
    return project


def html(project: Path, page: str) -> str:
    return (project / "site" / page / "index.html").read_text(encoding="utf-8")


def test_the_practice_page_is_built_with_its_problems_and_commands(built: Path) -> None:
    page = html(built, "practice")
    assert re.search(r'<h3[^>]* id="row-copy"', page) and re.search(r'<h3[^>]* id="fp8-scale"', page)
    assert "python labs/practice.py --problem fp8-scale --solution mine.py" in page
    assert "No scores have been measured yet" in page
    assert "&lt;b&gt;now&lt;/b&gt;" in page and "<b>now</b>" not in page


def test_the_page_is_in_the_navigation(built: Path) -> None:
    home = (built / "site" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="(\./)?practice/"[^>]*>\s*(<span[^>]*>\s*)?Practice\s*<', home)


def test_practise_links_land_on_the_problems_and_back(built: Path) -> None:
    concept = html(built, "concepts/fp8")
    assert re.search(r'<h2[^>]* id="practise"', concept)
    link = re.search(r'href="([^"]*practice/#fp8-scale)"', concept).group(1)
    target = (built / "site" / "concepts" / "fp8" / link.split("#")[0]).resolve() / "index.html"
    assert target == (built / "site" / "practice" / "index.html").resolve()
    assert 'href="../concepts/fp8/"' in html(built, "practice")
    assert 'id="practise"' not in html(built, "concepts/attention")
