"""`gpulist fmt` on the command line: the interface CI and pre-commit rely on."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.cli import main
from tests.contribute.test_fmt_files import UGLY


def test_check_exits_1_listing_files(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources/a.yml").write_text(UGLY)
    assert main(["fmt", "--check", str(data)]) == 1
    assert "would reformat" in capsys.readouterr().out
    assert main(["fmt", str(data)]) == 0
    assert main(["fmt", "--check", str(data)]) == 0


def test_check_on_an_unparseable_file_exits_1(data: Path) -> None:
    (data / "resources/a.yml").write_text("title: a\ntitle: b\n")
    assert main(["fmt", "--check", str(data / "resources/a.yml")]) == 1


def test_default_is_data_in_the_working_directory(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(data.parent)
    assert main(["fmt", "--check"]) == 0
