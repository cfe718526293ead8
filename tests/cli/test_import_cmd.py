"""`gpulist import`: the report a curator acts on, plain when piped, a table on a terminal."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import TO_FILL
from gpulist.cli import main
from gpulist.cli.import_cmd import as_table
from gpulist.contribute.importer import ImportOptions, run_import
from tests.contribute.conftest import FIXTURES

CURATOR = FIXTURES / "lists/curator.md"


def test_plain_report_groups_every_outcome_with_line_numbers(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["import", str(FIXTURES / "lists/awesome.md"), "--topic", "profiling", "--tier", "2",
                 "--data", str(data)])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Imported:\n  line 14: " in out
    assert "(blog from default; title from link text): 'How to Optimize a CUDA Matmul Kernel'" in out
    assert ("Skipped as duplicate:\n  line 24: 'How to Optimize a CUDA Matmul Kernel (again)' "
            "(https://www.siboehm.com/articles/22/CUDA-MMM/): already listed as line 14 of this list") in out
    assert "No link:\n  line 30: no link\n  line 44: table row without a link" in out
    assert ("types: 2 inferred (from the URL or the list's markers), 0 from --type, 4 left as the default 'blog': "
            "check their `type`") in out
    assert ("6 imported, 2 skipped as duplicates, 0 skipped as profiles or prose, 0 not placed, 2 without an entry, "
            "0 title(s) to check") in err
    # The list gives no lengths, so every imported draft is left an effort to fill, and validate says the same.
    to_fill = [line.split(": error: ")[0] for line in err.splitlines() if "[effort-missing]" in line]
    assert "left to fill: " in err and len(to_fill) == 6
    assert main(["validate", "--data", str(data)]) == 1
    out = capsys.readouterr().out
    assert [line.split(": error: ")[0] for line in out.splitlines() if "[effort-missing]" in line] == to_fill
    assert all(any(f"[{rule}]" in line for rule in TO_FILL) for line in out.splitlines())


def test_curator_flags(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["import", str(CURATOR), "--topic", "fundamentals", "--tier", "1", "--data", str(data), "--dry-run"]
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert "Would import:" in out and "Skipped as a profile:\n  line 35: " in out
    assert "Skipped as prose:\n  line 3: https://triton-lang.org: a paragraph with 2 links" in out
    assert "Titles to check (taken from a heading, or not improved):\n  line 25: 'FlashDecoding'" in out
    assert "12 would import" in err and "5 skipped as profiles or prose" in err
    assert main([*argv, "--include-prose"]) == 0
    assert "14 would import" in capsys.readouterr().err


def test_table_on_a_terminal(data: Path) -> None:
    report = run_import(CURATOR, ImportOptions(data, topic="fundamentals", tier=1, dry_run=True))
    table = as_table(report, True, width=300)
    assert "gpulist import (dry run)" in table and "\x1b[" in table  # coloured
    for words in ("Skipped as a profile", "Twitter profile @ada_example", "title to check", "Hazy Research blog",
                  "6 left as the default 'blog'"):
        assert words in table


def test_dry_run_and_usage_errors(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(FIXTURES / "lists/guide.md"), "--dry-run", "--data", str(data)]) == 0
    assert "Would import:" in capsys.readouterr().out
    assert main(["import", "nope.md", "--data", str(data)]) == 2
