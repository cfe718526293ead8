"""`gpulist import`: the summary a maintainer reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.cli import main
from tests.contribute.conftest import FIXTURES


def test_summary_lists_every_outcome_with_line_numbers(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["import", str(FIXTURES / "lists/awesome.md"), "--topic", "profiling", "--tier", "2",
                 "--data", str(data)])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Imported:\n  line 14: " in out
    assert "Skipped, already listed:\n  line 24: already listed as line 14 of this list" in out
    assert "Unparseable:\n  line 30: no link\n  line 44: table row without a link" in out
    assert "6 imported, 2 skipped as duplicates, 0 not placed, 2 unparseable" in err
    assert main(["validate", "--data", str(data)]) == 0


def test_dry_run_and_usage_errors(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(FIXTURES / "lists/guide.md"), "--dry-run", "--data", str(data)]) == 0
    assert "Would import:" in capsys.readouterr().out
    assert main(["import", "nope.md", "--data", str(data)]) == 2
