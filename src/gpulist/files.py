"""Files as every command shows and writes them.

Paths are shown relative to the working directory, as editors and GitHub annotations want
them. Writes never leave half a file or clobber one: they serve every writer of lasting
state (new entries, fmt, the link checker's cache and state, where a CI job killed
mid-write must not leave a truncated cache, and repo health). This module imports nothing
heavy, so the link checker's start-up can use it without loading the models.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from gpulist.problems import GpulistError


def display_path(path: Path) -> str:
    """`path` relative to the working directory when it is inside it, else as given.

    String arithmetic rather than Path.resolve(): resolving touches the file system for
    every component, which was felt at 10,000 files.
    """
    absolute = os.path.abspath(path)
    cwd = os.getcwd()
    if absolute.startswith(cwd + os.sep):
        return absolute[len(cwd) + 1:]
    return str(path)


class FileExists(GpulistError):
    """The target already exists; new entries never replace existing ones."""


def _temp_copy(path: Path, text: str) -> Path:
    """A fully written, fsynced sibling file, ready to be moved into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)  # a full disk must not leave half-written temp files behind
        raise
    return Path(name)


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` in one step: readers see the old file or the new one, never a mix."""
    temp = _temp_copy(path, text)
    try:
        os.replace(temp, path)
    except OSError:
        temp.unlink(missing_ok=True)
        raise


def write_new(path: Path, text: str) -> None:
    """Create `path` atomically, refusing if it exists, even if it appeared a moment ago.

    A hard link fails when the name is taken, which an exists() check followed by a
    rename cannot promise; file systems without links fall back to that check.
    """
    temp = _temp_copy(path, text)
    try:
        try:
            os.link(temp, path)
        except FileExistsError:
            raise FileExists(f"{path} already exists; not overwriting it") from None
        except OSError:
            if path.exists():
                raise FileExists(f"{path} already exists; not overwriting it") from None
            os.replace(temp, path)
    finally:
        temp.unlink(missing_ok=True)
