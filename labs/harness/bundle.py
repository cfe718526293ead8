"""A run bundle: one labs run as one file a reader can keep, send, drop on a page or compare.

A run folder (run.json, <gpu>/<lab>.yml, traces beside them) is packed as <folder>.tar.gz.
Reading a bundle someone else made is done defensively: only regular files, no links, no path
that leaves the folder, at most MAX_FILES files and MAX_BYTES bytes unpacked, so a hostile
archive cannot write outside where it is read or fill the disk. Pure: tested without a GPU.
"""

from __future__ import annotations

import io
import tarfile
from pathlib import Path, PurePosixPath
from typing import Any

MAX_FILES = 200
MAX_BYTES = 16 * 2**20


class BundleError(ValueError):
    """A bundle that cannot be read safely; the message names the file and the reason."""


def pack(folder: Path) -> Path:
    """folder -> folder.tar.gz beside it, the folder's name as the archive's one top directory."""
    archive = folder.with_name(folder.name + ".tar.gz")
    tmp = archive.with_name(archive.name + ".part")
    with tarfile.open(tmp, "w:gz") as tar:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            tar.add(path, arcname=str(PurePosixPath(folder.name) / path.relative_to(folder).as_posix()))
    tmp.replace(archive)
    return archive


def _safe_name(name: str) -> PurePosixPath:
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise BundleError(f"{name!r} would unpack outside the bundle's folder")
    return path


def read_archive(archive: Path) -> dict[str, bytes]:
    """Every file of a bundle by its path inside the top folder, refusing what is unsafe."""
    try:
        tar = tarfile.open(archive, "r:*")
    except (tarfile.TarError, OSError) as exc:
        raise BundleError(f"{archive}: not a readable archive ({exc})") from exc
    files: dict[str, bytes] = {}
    total = 0
    with tar:
        for member in tar:
            name = _safe_name(member.name)
            if member.isdir():
                continue
            if not member.isfile():
                raise BundleError(f"{archive}: {member.name} is a link or device, not a file")
            if len(files) >= MAX_FILES:
                raise BundleError(f"{archive}: more than {MAX_FILES} files")
            total += member.size
            if total > MAX_BYTES:
                raise BundleError(f"{archive}: more than {MAX_BYTES // 2**20} MiB unpacked")
            inner = PurePosixPath(*name.parts[1:]) if len(name.parts) > 1 else name
            files[str(inner)] = tar.extractfile(member).read()
    return files


def read_folder(folder: Path) -> dict[str, bytes]:
    files = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()):
        files[path.relative_to(folder).as_posix()] = path.read_bytes()
    return files


def records(source: Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A bundle's (folder or archive) manifest and its records by lab, YAML parsed safely."""
    import json

    import yaml

    files = read_archive(source) if source.is_file() else read_folder(source)
    manifest = json.loads(files["run.json"]) if "run.json" in files else {}
    found = {}
    for name, data in files.items():
        if name.endswith(".yml"):
            try:
                record = yaml.safe_load(io.BytesIO(data))
            except yaml.YAMLError as exc:
                raise BundleError(f"{source}: {name} is not YAML ({exc})") from exc
            if isinstance(record, dict) and "lab" in record:
                found[str(record["lab"])] = record
    if not found:
        raise BundleError(f"{source}: no lab records in it")
    return manifest, found
