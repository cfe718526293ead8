"""`gpulist serve` refuses bad data before starting any server, and exits 2 on bad usage."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gpulist.cli import main

from tests.site.conftest import FIXTURE, REPO


def test_bad_data_starts_no_server(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(FIXTURE, tmp_path / "data")
    (tmp_path / "data" / "resources" / "broken.yml").write_text("title: [unclosed\n", encoding="utf-8")
    code = main(["serve", "--data", str(tmp_path / "data"), "--config", str(tmp_path / "mkdocs.yml")])
    assert code == 1 and "not building" in capsys.readouterr().err
    assert not (tmp_path / ".gpulist-zensical.yml").exists() and not (tmp_path / ".gpulist-mkdocs.yml").exists()


def test_missing_config_is_bad_usage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--config", str(tmp_path / "nope.yml")]) == 2
    assert "no site configuration" in capsys.readouterr().err


def test_a_site_folder_outside_the_project_is_no_usage_error(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The server never writes --site (Zensical serves from .gpulist-site/), so any folder will do:
    serve gets past its checks and stops only at the bad data, before starting a server."""
    shutil.copy(REPO / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(FIXTURE, tmp_path / "data")
    (tmp_path / "data" / "resources" / "broken.yml").write_text("title: [unclosed\n", encoding="utf-8")
    outside = tmp_path_factory.mktemp("outside") / "site"
    code = main(["serve", "--data", str(tmp_path / "data"), "--config", str(tmp_path / "mkdocs.yml"),
                 "--site", str(outside)])
    assert code == 1 and "not building" in capsys.readouterr().err
