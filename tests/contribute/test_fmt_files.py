"""Which files fmt touches, and that it leaves broken ones alone."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.contribute.fmt_files import expand, format_files
from gpulist.problems import UsageError

UGLY = "url: https://example.org/a\ntitle: A\ntype: blog\ntopic: matmul\ntier: 1\nadded: 2025-01-01\n"


def test_a_data_folder_means_its_resource_files(data: Path) -> None:
    assert expand([data]) == [data / "concepts.yml", data / "resources/fixture-notes.yml",
                              data / "resources/flashattention-2.yml"]


def test_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        expand([tmp_path / "nope"])


def test_check_reports_without_writing(data: Path) -> None:
    ugly = data / "resources/a.yml"
    ugly.write_text(UGLY)
    report = format_files([data], check=True)
    assert [Path(p).name for p in report.changed] == ["a.yml"] and report.unchanged == 3
    assert ugly.read_text() == UGLY


def test_format_rewrites_and_then_is_clean(data: Path) -> None:
    ugly = data / "resources/a.yml"
    ugly.write_text(UGLY)
    format_files([ugly], check=False)
    assert ugly.read_text().splitlines()[1:3] == ["title: A", "url: https://example.org/a"]
    assert format_files([data], check=True).changed == []


def test_broken_file_is_a_problem_and_untouched(data: Path) -> None:
    bad = data / "resources/bad.yml"
    bad.write_text("title: [unclosed\n")
    report = format_files([bad], check=False)
    assert report.problems and bad.read_text() == "title: [unclosed\n"
