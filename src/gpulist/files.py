"""Writing files so that a crash or a race never leaves half a file or clobbers one.

Shared by every writer of lasting state: new entries, fmt, the link checker's cache and
state (a CI job killed mid-write must not leave a truncated cache), and repo health.
"""

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
