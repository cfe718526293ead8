"""Files as every command reads, shows and writes them.

Reads of data/ (and of any input a command is given) go through `read_guarded`: a pull
request controls those files, and git stores symbolic links, FIFOs cannot be committed but
can sit in a work tree, and a file can be any size. So only regular files are read, never
through a link, and never more than a size limit. Paths are shown relative to the working
directory, as editors and GitHub annotations want them. Writes never leave half a file or
clobber one: they serve every writer of lasting state (new entries, fmt, the link
checker's cache and state, where a CI job killed mid-write must not leave a truncated
cache, and repo health). This module imports nothing heavy, so the link checker's
start-up can use it without loading the models; and nothing of gpulist but its problems:
the size limit's setting is read by `gpulist.pyproject`, which reads through this module.
"""

from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path

from gpulist.problems import GpulistError

# Far above any real entry (a few KB) or list; a 50 MB "resource" is an attack, not data.
DEFAULT_MAX_BYTES = 1_000_000
SETTINGS = "files"  # [tool.gpulist.files] in pyproject.toml
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))
# O_NONBLOCK: should a FIFO be swapped in between lstat and open, opening it must not wait
# for a writer. On a regular file it changes nothing.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


class Refused(GpulistError):
    """A file we will not read; `rule` is the rule id its problem is reported under."""

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.message, self.rule = message, rule


def read_guarded(path: Path | str, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of `path`, if it is a regular file, not a symbolic link, within `max_bytes`.

    Decided by `lstat` before anything is opened (opening a FIFO would block, reading
    /dev/zero would never end), then confirmed with `fstat` on the descriptor actually
    opened, without following a link, so a file swapped in between cannot slip through.
    Raises `Refused` for such files and OSError when the file cannot be read at all.
    """
    before = os.lstat(path)
    _refuse_kind(before.st_mode)
    _refuse_size(f"{before.st_size:,} bytes", before.st_size, max_bytes)
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # a link appeared since lstat
            raise Refused(_LINK, "symlink") from None
        raise
    with os.fdopen(fd, "rb") as handle:
        opened = os.fstat(handle.fileno())
        _refuse_kind(opened.st_mode)
        if (opened.st_dev, opened.st_ino) != (before.st_dev, before.st_ino):
            raise Refused("not a regular file: it was replaced while being read; nothing read", "not-regular-file")
        data = handle.read(max_bytes + 1)
    _refuse_size("it grew while being read", len(data), max_bytes)
    return data


_LINK = ("not a regular file: a symbolic link, which is never followed (a pull request must not make "
         "CI read files from outside the repository); commit the file itself")


def _refuse_kind(mode: int) -> None:
    if stat.S_ISREG(mode):
        return
    if stat.S_ISLNK(mode):
        raise Refused(_LINK, "symlink")
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    raise Refused(f"not a regular file: {kind}; nothing read", "not-regular-file")


def _refuse_size(found: str, size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise Refused(f"file too large: {found}, over the limit of {max_bytes:,} bytes (max_bytes in "
                      f"[tool.gpulist.{SETTINGS}] of pyproject.toml); nothing read", "file-too-large")


def current_text(path: Path, expected: str) -> str | None:
    """What a file we generate holds now, when it could equal `expected`; else None.

    For "write only if changed" and "--check": a link, FIFO or oversized file planted at
    that path is never read (nor waited on); it just counts as different, and
    `write_atomic` or `write_plain` then replaces the link itself, not what it points at.
    """
    found = current_bytes(path, expected.encode("utf-8"))
    try:
        return found.decode("utf-8") if found is not None else None
    except UnicodeDecodeError:
        return None


def current_bytes(path: Path, expected: bytes) -> bytes | None:
    try:
        return read_guarded(path, len(expected))
    except (OSError, Refused):
        return None


def write_plain(path: Path, data: bytes) -> None:
    """Write a generated file (a site page) quickly, without fsync, but never *through* a
    link or into a FIFO planted at `path`: whatever is there that is not a regular file is
    removed first, and the file is opened without following links."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
    except FileNotFoundError:
        pass
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    with os.fdopen(os.open(path, flags, 0o666), "wb") as handle:
        handle.write(data)


def walk_files(top: Path | str, suffixes: tuple[str, ...], hidden: bool = True) -> list[Path]:
    """Files under `top` ending in one of `suffixes`, sorted (strings sort far faster than Paths).

    Symbolically linked folders (and `top` itself, if linked) are listed rather than
    walked, whatever their name: `read_guarded` then refuses them, so a link a pull
    request adds is reported, never followed and never silently skipped. `hidden=False`
    skips names starting with a dot.
    """
    if os.path.islink(top):
        return [Path(top)]
    found: list[str] = []
    for folder, dirs, files in os.walk(top):
        if not hidden:
            dirs[:] = [d for d in dirs if not d.startswith(".")]
        found.extend(os.path.join(folder, f) for f in files
                     if f.endswith(suffixes) and (hidden or not f.startswith(".")))
        linked = [d for d in dirs if os.path.islink(os.path.join(folder, d))]
        found.extend(os.path.join(folder, d) for d in linked)
        dirs[:] = [d for d in dirs if d not in linked]
    return [Path(p) for p in sorted(found)]


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


def _temp_copy(path: Path, text: str | bytes) -> Path:
    """A fully written, fsynced sibling file, ready to be moved into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(text if isinstance(text, bytes) else text.encode("utf-8"))
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(name).unlink(missing_ok=True)  # a full disk must not leave half-written temp files behind
        raise
    return Path(name)


def write_atomic(path: Path, text: str | bytes) -> None:
    """Replace `path` in one step: readers see the old file or the new one, never a mix.
    Text is written as UTF-8 with its newlines as they are; bytes as they are."""
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


def replace_folder(new: Path, target: Path) -> None:
    """Put the folder `new` in place of `target` (a built site): the old folder is renamed
    aside and removed only once the new one is in place, so a failure on the way leaves it
    as it was, and no reader ever sees half of each. `new` may lie on another file system:
    it is moved (copied if it must be) beside `target` first, where the swap is two renames.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    incoming = _free_sibling(target, "new")
    try:
        shutil.move(new, incoming)
        old = _free_sibling(target, "old") if os.path.lexists(target) else None
        if old is not None:
            os.rename(target, old)
        try:
            os.rename(incoming, target)
        except OSError:
            if old is not None:
                os.rename(old, target)
            raise
    finally:
        shutil.rmtree(incoming, ignore_errors=True)  # gone once renamed; else a half copy
    if old is not None:
        _remove(old)


def _free_sibling(path: Path, kind: str) -> Path:
    """An unused name beside `path`, hidden and recognisable: `.site.gpulist-new-k3x9`."""
    name = tempfile.mkdtemp(dir=path.parent, prefix=f".{path.name}.gpulist-{kind}-")
    os.rmdir(name)
    return Path(name)


def _remove(path: Path) -> None:
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path, ignore_errors=True)
    else:
        os.unlink(path)
