"""pages.yml publishes any fork's own site unchanged: it names no repository and no address."""

from __future__ import annotations

import yaml

from gpulist.view.config import read_mkdocs_yml
from tests.conftest import REPO
from tests.workflows.workflow_files import WORKFLOWS


def build_job() -> list[dict]:
    workflow = yaml.safe_load((WORKFLOWS / "pages.yml").read_text(encoding="utf-8"))
    return workflow["jobs"]["build"]["steps"]


def test_the_build_learns_the_address_from_the_pages_settings() -> None:
    steps = build_job()
    pages = next(i for i, s in enumerate(steps) if "actions/configure-pages" in s.get("uses", ""))
    build = next(i for i, s in enumerate(steps) if "gpulist build" in s.get("run", ""))
    assert pages < build, "configure-pages must run first: the build needs its base_url"
    assert steps[pages]["id"] == "pages"
    assert steps[build]["env"]["GPULIST_SITE_URL"] == "${{ steps.pages.outputs.base_url }}"


def test_no_workflow_and_no_site_setting_names_a_repository() -> None:
    for path in [*WORKFLOWS.glob("*.yml"), REPO / "mkdocs.yml"]:
        text = path.read_text(encoding="utf-8")
        assert "your-github-org" not in text and "github.io" not in text, path
    assert not {"repo_url", "site_url", "repo_name"} & set(read_mkdocs_yml(REPO / "mkdocs.yml"))
