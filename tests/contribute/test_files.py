"""Writes are atomic and new files never replace existing ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.contribute.files import FileExists, write_atomic, write_new


def test_write_new_refuses_an_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "a.yml"
    write_new(target, "one\n")
    with pytest.raises(FileExists):
        write_new(target, "two\n")
    assert target.read_text() == "one\n"
    assert [p.name for p in tmp_path.iterdir()] == ["a.yml"]  # no temp file left behind


def test_write_atomic_replaces_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "a.yml"
    write_atomic(target, "one\n")
    write_atomic(target, "two\n")
    assert target.read_text() == "two\n" and len(list(target.parent.iterdir())) == 1
