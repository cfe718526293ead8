"""`gpulist export`: writes README Markdown or JSON, and --check reports staleness."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpulist.cli import main

from tests.site.conftest import FIXTURE


def test_readme_to_file_and_check(tmp_path: Path) -> None:
    out = tmp_path / "LIST.md"
    assert main(["export", "readme", "--data", str(FIXTURE), "--output", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("# GPU Performance Engineering Reading List")
    assert main(["export", "readme", "--data", str(FIXTURE), "--output", str(out), "--check"]) == 0
    out.write_text("stale\n", encoding="utf-8")
    assert main(["export", "readme", "--data", str(FIXTURE), "--output", str(out), "--check"]) == 1


def test_readme_needs_no_publishing_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README has no site or edit URLs: no config read, no `git remote get-url` for it."""
    def refuse(*args: object) -> None:
        raise AssertionError("export readme asked for the publishing settings")

    monkeypatch.setattr("gpulist.cli.export_cmd.settings_from", refuse)
    monkeypatch.setattr("gpulist.cli.export_cmd.load_site_config", refuse)
    assert main(["export", "readme", "--data", str(FIXTURE), "--output", str(tmp_path / "LIST.md")]) == 0


def test_json_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "json", "--data", str(FIXTURE)]) == 0
    assert len(json.loads(capsys.readouterr().out)["resources"]) == 10


def test_check_without_output_is_bad_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export", "readme", "--data", str(FIXTURE), "--check"]) == 2
    assert "--check needs --output" in capsys.readouterr().err


def test_bibtex_to_file_and_check(tmp_path: Path) -> None:
    out = tmp_path / "gpulist.bib"
    assert main(["export", "bibtex", "--data", str(FIXTURE), "--output", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("\n@") == 10
    assert "@inproceedings{flashattention-2," in text
    assert main(["export", "bibtex", "--data", str(FIXTURE), "--output", str(out), "--check"]) == 0
    out.write_text(text.replace("flashattention-2,", "fa2,"), encoding="utf-8")
    assert main(["export", "bibtex", "--data", str(FIXTURE), "--output", str(out), "--check"]) == 1
