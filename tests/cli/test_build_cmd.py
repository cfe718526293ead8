"""`gpulist build` refuses bad data, reports it like `gpulist validate`, and exits 2 on bad usage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from gpulist.cli import main

from tests.site.conftest import FIXTURE, REPO


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(FIXTURE, tmp_path / "data")
    return tmp_path


def build(project: Path, *extra: str) -> int:
    return main(["build", "--data", str(project / "data"), "--config", str(project / "mkdocs.yml"), *extra])


@pytest.mark.parametrize("note", ["<script>alert(1)</script>", '"x <img src=y onerror=alert(1)>"',
                                  "\"[x](javascript:alert(1))\""])
def test_refuses_to_build_unsafe_notes(project: Path, note: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = project / "data" / "resources" / "vllm.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("  - The serving engine behind PagedAttention",
                                                             f"  - {note}"), encoding="utf-8")
    assert build(project, "--no-engine") == 1
    err = capsys.readouterr().err
    assert "vllm.yml:" in err and "error:" in err and "[unsafe-markdown]" in err and "not building" in err
    assert not (project / "docs").exists()


@pytest.mark.parametrize("flag", ["--no-engine", "--no-mkdocs"])
def test_no_engine_writes_pages_only(project: Path, flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert build(project, flag) == 0
    assert (project / "docs" / "topics" / "attention.md").is_file()
    assert (project / ".gpulist-zensical.yml").is_file() and not (project / "site").exists()
    assert "written" in capsys.readouterr().err


def test_docs_option_and_generated_mkdocs_config(project: Path) -> None:
    assert build(project, "--engine", "mkdocs", "--no-engine", "--docs", str(project / "elsewhere")) == 0
    assert (project / "elsewhere" / "index.md").is_file()
    generated = (project / ".gpulist-mkdocs.yml").read_text(encoding="utf-8")
    assert 'INHERIT: "mkdocs.yml"' in generated and str(project / "elsewhere") in generated


def test_docs_option_and_generated_zensical_config(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Complete (no INHERIT), with folders relative to the project: Zensical panics otherwise."""
    for name in ("GITHUB_REPOSITORY", "GPULIST_SITE_URL", "GPULIST_REPO_URL", "GPULIST_EDIT_URI"):
        monkeypatch.delenv(name, raising=False)
    assert build(project, "--no-engine", "--docs", str(project / "elsewhere"), "--site", str(project / "out")) == 0
    generated = yaml.safe_load((project / ".gpulist-zensical.yml").read_text(encoding="utf-8"))
    assert "INHERIT" not in generated and generated["theme"]["custom_dir"] == "overrides"
    assert (generated["docs_dir"], generated["site_dir"]) == ("elsewhere", ".gpulist-site"), "built there, then moved"
    assert generated["nav"][0] == {"Home": "index.md"} and generated["site_name"] == "GPU performance engineering reading list"
    assert not {"repo_url", "site_url", "repo_name", "edit_uri"} & set(generated), "no repository, no placeholder"


def test_a_site_folder_outside_the_project_is_accepted_by_both_engines(
        project: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    """Only the pages must lie inside the project for Zensical; the built site is moved wherever --site says."""
    outside = tmp_path_factory.mktemp("outside")
    assert build(project, "--no-engine", "--site", str(outside / "site")) == 0
    assert build(project, "--engine", "mkdocs", "--no-engine", "--site", str(outside / "site")) == 0
    assert "is outside it" not in capsys.readouterr().err


def test_zensical_refuses_pages_outside_the_project_before_writing_anything(
        project: Path, tmp_path_factory: pytest.TempPathFactory, capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path_factory.mktemp("outside")
    assert build(project, "--no-engine", "--docs", str(outside / "folder")) == 2
    assert f"--docs {outside / 'folder'} is outside it" in capsys.readouterr().err
    assert not (outside / "folder").exists() and not (project / "docs").exists()
    assert not (project / ".gpulist-zensical.yml").exists()


@pytest.mark.parametrize(("site", "says"), [
    (".", "holds the project"), ("..", "holds the project"), ("data", "holds --data"), ("docs", "holds --docs"),
    ("docs/site", "lies inside --docs"), ("data/site", "lies inside --data"), (".gpulist-site", "lies inside the engine's"),
    ("mkdocs.yml", "is a file, not a folder"),
])
def test_a_site_folder_that_would_replace_the_project_is_refused(project: Path, site: str, says: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Each build replaces --site whole: pointing it at the checkout must not cost the checkout."""
    assert build(project, "--engine", "mkdocs", "--no-engine", "--site", str(project / site)) == 2
    assert says in capsys.readouterr().err
    assert (project / "data" / "topics.yml").is_file() and not (project / "docs").exists()


def test_unknown_engine_is_bad_usage(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build(project, "--engine", "hugo")
    assert exit_info.value.code == 2 and "invalid choice: 'hugo'" in capsys.readouterr().err


def test_missing_config_is_bad_usage(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["build", "--data", str(project / "data"), "--config", str(project / "nope.yml")])
    assert code == 2 and "gpulist build: error: no site configuration" in capsys.readouterr().err


def test_missing_data_is_bad_usage(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["build", "--data", str(project / "nowhere"), "--config", str(project / "mkdocs.yml")])
    assert code == 2 and "no data folder" in capsys.readouterr().err


def test_unwritable_docs_is_an_error_not_a_traceback(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = project / "docs"
    blocker.write_text("a file where the docs folder should be\n", encoding="utf-8")
    assert build(project, "--no-engine") == 1
    assert "gpulist build: error: cannot write the site's pages" in capsys.readouterr().err


def _without_url(project: Path, rid: str, title: str) -> None:
    (project / "data" / "resources" / f"{rid}.yml").write_text(
        f"title: {title}\nurl: null\ntype: community\ntopic: big-picture\ngroup: communities\n"
        "notes:\n  - A place where people who write GPU kernels ask and answer questions.\nadded: 2024-08-01\n",
        encoding="utf-8")


def test_warnings_print_as_one_line_counted_by_rule(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The fixture has one link-wanted (GPU MODE) and one repo-health warning; two entries more make four."""
    _without_url(project, "no-link-a", "No link A")
    _without_url(project, "no-link-b", "No link B")
    assert build(project, "--no-mkdocs") == 0
    err = capsys.readouterr().err
    assert "4 warnings (3 link-wanted, 1 repo-health): run `gpulist validate` to list them" in err
    assert "link wanted:" not in err and "warning: " not in err
    assert "0 error(s), 4 warning(s)" in err


def test_errors_still_print_in_full_beside_the_warning_line(project: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = project / "data" / "resources" / "vllm.yml"
    path.write_text(path.read_text(encoding="utf-8").replace("topic: attention", "topic: nowhere"), encoding="utf-8")
    assert build(project, "--no-mkdocs") == 1
    err = capsys.readouterr().err
    assert "vllm.yml:" in err and "error: " in err and "[unknown-topic]" in err
    assert "2 warnings (1 link-wanted, 1 repo-health): run `gpulist validate` to list them" in err
    assert "link wanted:" not in err


def test_validate_still_lists_every_warning(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _without_url(project, "no-link-a", "No link A")
    assert main(["validate", "--data", str(project / "data")]) == 0
    out = capsys.readouterr().out
    assert sum("link wanted:" in line for line in out.splitlines()) == 2
