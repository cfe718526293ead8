"""`gpulist build` of a catalog holding a version 2 record, under both engines: the record's
section on its concept page (models, counters, timeline), and its trace published beside the
site where the page's download link points. The record is written by the labs' harness into a
scratch data folder (tests/v2_site.py), never into data/."""

from __future__ import annotations

import posixpath
import re
import shutil
from pathlib import Path

import pytest

from gpulist.cli import main
from gpulist.publish.engine import ENGINES
from tests.conftest import REPO
from tests.fixtures import records_v2
from tests.v2_site import v2_data

TRACE = "labs/traces/h100-sxm/coalescing.eager.trace.json.gz"


@pytest.fixture(scope="module", params=ENGINES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp(f"v2-{request.param}")
    shutil.copy(REPO / "mkdocs.yml", project / "mkdocs.yml")
    shutil.copytree(REPO / "overrides", project / "overrides")
    shutil.copytree(REPO / "docs" / "assets", project / "docs" / "assets")
    v2_data(project)
    code = main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml"), "--engine",
                 request.param, "--site-url", "https://example.test/gpulist/"])
    assert code == 0
    return project


def section(built: Path) -> str:
    html = (built / "site" / "concepts" / "cuda" / "index.html").read_text(encoding="utf-8")
    return html.split('data-gpulist-measured="coalescing"')[1].split('<div class="gpulist-measured" ')[0]


def test_the_v2_section_is_built_with_its_model_counters_and_timeline(built: Path) -> None:
    text = section(built)
    assert 'data-gpulist-schema="2"' in text
    assert 'data-gpulist-model="dram-granularity"' in text and "0.97 × the model" in text
    assert '<div data-gpulist-counters="measured">' in text and "<td>sector</td>" in text
    assert text.count('<svg class="gpulist-chart gpulist-timeline"') == 1
    assert "gpulist-chart-spread" in text and "gpulist-chart-bound" in text


def test_the_trace_is_published_where_the_download_link_points(built: Path) -> None:
    site = built / "site"
    assert (site / TRACE).read_bytes() == records_v2.trace().data
    link = re.search(r'<a href="([^"]+)" download>Download the trace</a>', section(built)).group(1)  # type: ignore[union-attr]
    assert posixpath.normpath(posixpath.join("concepts/cuda/", link)) == TRACE


def test_the_stylesheet_draws_the_new_marks(built: Path) -> None:
    css = (built / "site" / "assets" / "stylesheets" / "measured.css").read_text(encoding="utf-8")
    for name in ("gpulist-chart-spread", "gpulist-chart-bound", "gpulist-timeline-gpu", "gpulist-timeline-host",
                 "gpulist-measured-counters"):
        assert f".{name}" in css, name
