"""The writer: only changed files are rewritten, stale generated files go, others stay."""

from __future__ import annotations

import os
from pathlib import Path

from gpulist.site.writer import MANIFEST, write_pages


def _age(path: Path) -> None:
    os.utime(path, (1_000_000, 1_000_000))


def test_writes_new_pages_and_creates_folders(tmp_path: Path) -> None:
    report = write_pages(tmp_path, {"index.md": "home\n", "topics/a.md": "A\n"})
    assert report.written == ["index.md", "topics/a.md"]
    assert (tmp_path / "topics" / "a.md").read_text(encoding="utf-8") == "A\n"


def test_unchanged_files_are_not_touched(tmp_path: Path) -> None:
    write_pages(tmp_path, {"index.md": "home\n", "topics/a.md": "A\n"})
    _age(tmp_path / "index.md")
    _age(tmp_path / "topics" / "a.md")
    report = write_pages(tmp_path, {"index.md": "home\n", "topics/a.md": "A changed\n"})
    assert report.unchanged == ["index.md"] and report.written == ["topics/a.md"]
    assert (tmp_path / "index.md").stat().st_mtime == 1_000_000
    assert (tmp_path / "topics" / "a.md").stat().st_mtime != 1_000_000


def test_stale_generated_pages_are_removed_with_empty_folders(tmp_path: Path) -> None:
    write_pages(tmp_path, {"index.md": "home\n", "tags/old.md": "old\n", "topics/a.md": "A\n"})
    report = write_pages(tmp_path, {"index.md": "home\n", "topics/a.md": "A\n"})
    assert report.removed == ["tags/old.md"]
    assert not (tmp_path / "tags").exists()
    assert (tmp_path / MANIFEST).read_text(encoding="utf-8") == "index.md\ntopics/a.md\n"


def test_files_it_did_not_write_are_never_removed(tmp_path: Path) -> None:
    asset = tmp_path / "assets" / "javascripts" / "resources-table.js"
    asset.parent.mkdir(parents=True)
    asset.write_text("// hand-written\n", encoding="utf-8")
    (tmp_path / "notes.md").write_text("mine\n", encoding="utf-8")
    write_pages(tmp_path, {"index.md": "home\n"})
    report = write_pages(tmp_path, {})
    assert report.removed == ["index.md"]
    assert asset.is_file() and (tmp_path / "notes.md").is_file()


def test_manifest_cannot_point_outside_docs(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    outside = tmp_path / "precious.txt"
    outside.write_text("keep\n", encoding="utf-8")
    (docs / MANIFEST).write_text(f"../precious.txt\n{outside}\n", encoding="utf-8")
    write_pages(docs, {"index.md": "home\n"})
    assert outside.is_file()
