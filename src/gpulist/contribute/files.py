"""Writing files so that a crash or a race never leaves half an entry or clobbers one."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from gpulist.problems import GpulistError


class FileExists(GpulistError):
    """The target already exists; new entries never replace existing ones."""


def _temp_copy(path: Path, text: str) -> Path:
    """A fully written, fsynced sibling file, ready to be moved into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
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
