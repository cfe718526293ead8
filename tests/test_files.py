"""Writes are atomic and new files never replace existing ones."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from gpulist.files import (
    DEFAULT_MAX_BYTES, FileExists, Refused, current_text, display_path, read_guarded, replace_folder, walk_files,
    write_atomic, write_new, write_plain,
)
from gpulist.problems import UsageError


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


# --- read_guarded: what a pull request can plant in data/ ------------------------------------

def _refusal(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, str]:
    with pytest.raises(Refused) as info:
        read_guarded(path, max_bytes)
    return info.value.rule, info.value.message


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.yml").write_bytes(b"title: A\n")
    assert read_guarded(tmp_path / "a.yml") == b"title: A\n"


def test_a_link_is_refused_without_reading_its_target(tmp_path: Path) -> None:
    secret = tmp_path / "outside" / "credentials"
    secret.parent.mkdir()
    secret.write_text("token: hunter2\n")
    (tmp_path / "x.yml").symlink_to(secret)
    rule, message = _refusal(tmp_path / "x.yml")
    assert rule == "symlink" and message.startswith("not a regular file: a symbolic link")
    assert "hunter2" not in message


def test_a_link_to_dev_zero_is_refused_at_once(tmp_path: Path) -> None:
    (tmp_path / "x.yml").symlink_to("/dev/zero")
    assert _refusal(tmp_path / "x.yml")[0] == "symlink"


def test_a_device_is_refused_without_opening_it() -> None:
    assert _refusal(Path("/dev/zero")) == ("not-regular-file", "not a regular file: a character device; nothing read")


def test_a_fifo_is_refused_without_opening_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "x.yml")  # opening it for reading would block until a writer came
    assert _refusal(tmp_path / "x.yml") == ("not-regular-file", "not a regular file: a FIFO (named pipe); nothing read")


def test_a_socket_is_refused(tmp_path: Path) -> None:
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(tmp_path / "x.yml"))
        assert _refusal(tmp_path / "x.yml") == ("not-regular-file", "not a regular file: a socket; nothing read")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    assert _refusal(tmp_path)[0] == "not-regular-file"


def test_a_file_over_the_limit_is_refused_with_the_limit_named(tmp_path: Path) -> None:
    big = tmp_path / "big.yml"
    with big.open("wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper, nothing on disk
    rule, message = _refusal(big)
    assert rule == "file-too-large"
    assert message == ("file too large: 52,428,800 bytes, over the limit of 1,000,000 bytes "
                       "(max_bytes in [tool.gpulist.files] of pyproject.toml); nothing read")
    small = tmp_path / "small.yml"
    small.write_bytes(b"x" * 2048)
    assert len(read_guarded(small, 2048)) == 2048
    assert _refusal(small, 2047) == ("file-too-large", "file too large: 2,048 bytes, over the limit of 2,047 bytes "
                                     "(max_bytes in [tool.gpulist.files] of pyproject.toml); nothing read")


def test_a_file_swapped_for_a_fifo_after_lstat_is_refused_not_waited_on(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """The race lstat-then-open leaves: the descriptor actually opened is checked again."""
    target = tmp_path / "x.yml"
    target.write_text("title: A\n")
    real_lstat = os.lstat

    def lstat_then_swap(path: object) -> os.stat_result:
        result = real_lstat(path)
        target.unlink()
        os.mkfifo(target)
        return result

    monkeypatch.setattr(os, "lstat", lstat_then_swap)
    assert _refusal(target)[0] == "not-regular-file"


def test_a_file_swapped_for_a_link_after_lstat_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "x.yml"
    target.write_text("title: A\n")
    real_lstat = os.lstat

    def lstat_then_swap(path: object) -> os.stat_result:
        result = real_lstat(path)
        target.unlink()
        target.symlink_to("/dev/zero")
        return result

    monkeypatch.setattr(os, "lstat", lstat_then_swap)
    assert _refusal(target)[0] == "symlink"


def test_walk_lists_linked_folders_instead_of_walking_them(tmp_path: Path) -> None:
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.yml").write_text("x: 1\n")
    top = tmp_path / "resources"
    (top / "real").mkdir(parents=True)
    (top / "real" / "a.yml").write_text("x: 1\n")
    (top / "linked").symlink_to(tmp_path / "outside")
    (top / ".hidden.yml").write_text("x: 1\n")
    assert [p.relative_to(top).as_posix() for p in walk_files(top, (".yml",))] == [
        ".hidden.yml", "linked", "real/a.yml"]
    assert [p.relative_to(top).as_posix() for p in walk_files(top, (".yml",), hidden=False)] == ["linked", "real/a.yml"]
    (tmp_path / "link-to-top").symlink_to(top)
    assert walk_files(tmp_path / "link-to-top", (".yml",)) == [tmp_path / "link-to-top"]


def test_write_plain_replaces_a_planted_link_instead_of_writing_through_it(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n")
    page = tmp_path / "index.md"
    page.symlink_to(outside)
    assert current_text(page, "new page\n") is None  # a link is never read, only replaced
    write_plain(page, b"new page\n")
    assert outside.read_text() == "precious\n"
    assert not page.is_symlink() and page.read_text() == "new page\n"


def test_write_plain_replaces_a_fifo_instead_of_blocking_on_it(tmp_path: Path) -> None:
    page = tmp_path / "index.md"
    os.mkfifo(page)  # opening it for writing would wait for a reader
    assert current_text(page, "x\n") is None
    write_plain(page, b"x\n")
    assert page.read_text() == "x\n"


def test_site_pages_are_written_beside_planted_links_not_through_them(tmp_path: Path) -> None:
    from gpulist.site.writer import write_pages

    outside = tmp_path / "bashrc"
    outside.write_text("precious\n")
    docs = tmp_path / "docs"
    (docs / "topics").mkdir(parents=True)
    (docs / "topics" / "index.md").symlink_to(outside)
    report = write_pages(docs, {"topics/index.md": "# Topics\n"})
    assert report.written == ["topics/index.md"] and outside.read_text() == "precious\n"
    assert (docs / "topics" / "index.md").read_text() == "# Topics\n"


def _folder(path: Path, **files: str) -> Path:
    path.mkdir(parents=True)
    for name, text in files.items():
        (path / name).write_text(text)
    return path


def _names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_replace_folder_swaps_a_whole_folder_and_leaves_nothing_beside_it(tmp_path: Path) -> None:
    new = _folder(tmp_path / "build", **{"index.html": "new"})
    target = _folder(tmp_path / "out" / "site", **{"index.html": "old", "stale.html": "gone"})
    replace_folder(new, target)
    assert _names(target) == ["index.html"] and (target / "index.html").read_text() == "new"
    assert _names(tmp_path / "out") == ["site"] and not new.exists()
    replace_folder(_folder(tmp_path / "b2", a="1"), tmp_path / "fresh" / "deep")
    assert _names(tmp_path / "fresh" / "deep") == ["a"]


def test_replace_folder_that_fails_leaves_the_old_folder_as_it_was(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    new = _folder(tmp_path / "build", **{"index.html": "new"})
    target = _folder(tmp_path / "out" / "site", **{"index.html": "old"})
    rename = os.rename

    def refuse_the_last_step(src: object, dst: object) -> None:
        if Path(str(dst)) == target and ".gpulist-new-" in str(src):  # the new folder into place
            raise OSError(13, "Permission denied")
        rename(src, dst)

    monkeypatch.setattr(os, "rename", refuse_the_last_step)
    with pytest.raises(OSError):
        replace_folder(new, target)
    assert (target / "index.html").read_text() == "old" and _names(tmp_path / "out") == ["site"]


def test_replace_folder_copies_across_file_systems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A build made inside the project and a --site on another disk: the move is a copy."""
    new = _folder(tmp_path / "project" / "build", **{"index.html": "new"})
    target = _folder(tmp_path / "mnt" / "site", **{"index.html": "old"})
    rename = os.rename

    def cross_device(src: object, dst: object) -> None:
        if Path(str(src)) == new:
            raise OSError(18, "Invalid cross-device link")
        rename(src, dst)

    monkeypatch.setattr(os, "rename", cross_device)
    replace_folder(new, target)
    assert (target / "index.html").read_text() == "new" and not new.exists()
    assert _names(tmp_path / "mnt") == ["site"]
