"""Writes are atomic and new files never replace existing ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.files import FileExists, display_path, write_atomic, write_new


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


def test_a_failed_write_leaves_no_temp_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("gpulist.files.os.fsync", full_disk)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "x.yml", "text\n")
    assert list(tmp_path.iterdir()) == []


def test_display_path_is_relative_to_the_working_directory_when_inside_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert display_path(tmp_path / "data" / "x.yml") == "data/x.yml"
    assert display_path(Path("data/x.yml")) == "data/x.yml"
    outside = tmp_path.parent / "elsewhere.yml"
    assert display_path(outside) == str(outside)
