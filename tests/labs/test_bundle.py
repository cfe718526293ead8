"""harness.bundle: a run packed as one archive, and hostile archives refused."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest
import yaml

from harness import bundle


def _run_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "2026-12-01T2300Z"
    (folder / "h200").mkdir(parents=True)
    (folder / "run.json").write_text(json.dumps({"gpu": "h200", "boot_id": "b"}))
    (folder / "h200" / "coalescing.yml").write_text(yaml.safe_dump({"lab": "coalescing", "gpu": "h200", "summary": []}))
    (folder / "h200" / "coalescing.eager.trace.json.gz").write_bytes(b"\x1f\x8b")
    return folder


def test_a_run_packs_into_one_archive_that_reads_back(tmp_path: Path):
    archive = bundle.pack(_run_folder(tmp_path))
    assert archive.name == "2026-12-01T2300Z.tar.gz" and not list(tmp_path.glob("*.part"))
    manifest, records = bundle.records(archive)
    assert manifest["gpu"] == "h200" and list(records) == ["coalescing"]
    assert bundle.records(_run_folder(tmp_path / "again"))[1].keys() == records.keys()


def _archive(tmp_path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]]) -> Path:
    path = tmp_path / "hostile.tar.gz"
    with tarfile.open(path, "w:gz") as tar:
        for info, data in members:
            tar.addfile(info, io.BytesIO(data) if data is not None else None)
    return path


def _file(name: str, data: bytes = b"x") -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    return info, data


def test_an_archive_that_unpacks_outside_its_folder_is_refused(tmp_path: Path):
    with pytest.raises(bundle.BundleError, match="outside the bundle"):
        bundle.read_archive(_archive(tmp_path, [_file("run/../../etc/passwd")]))
    with pytest.raises(bundle.BundleError, match="outside the bundle"):
        bundle.read_archive(_archive(tmp_path, [_file("/abs/run.json")]))


def test_links_and_too_many_files_are_refused(tmp_path: Path):
    link = tarfile.TarInfo("run/h200/x.yml")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    with pytest.raises(bundle.BundleError, match="link"):
        bundle.read_archive(_archive(tmp_path, [(link, None)]))
    many = [_file(f"run/f{i}.yml") for i in range(bundle.MAX_FILES + 1)]
    with pytest.raises(bundle.BundleError, match="more than 200 files"):
        bundle.read_archive(_archive(tmp_path, many))


def test_not_an_archive_and_no_records_are_said(tmp_path: Path):
    junk = tmp_path / "junk.tar.gz"
    junk.write_bytes(b"not an archive")
    with pytest.raises(bundle.BundleError, match="not a readable archive"):
        bundle.records(junk)
    with pytest.raises(bundle.BundleError, match="no lab records"):
        bundle.records(_archive(tmp_path, [_file("run/run.json", b"{}")]))
