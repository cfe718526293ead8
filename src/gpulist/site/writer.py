"""Writes generated files into docs/, touching only what changed.

Unchanged files keep their modification time, so `mkdocs serve` rebuilds only when the
data really changed. A manifest of what gpulist wrote last time lets it remove pages that
no longer exist (a deleted tag, a renamed topic) without ever deleting a file it did not
write, such as the committed assets under docs/assets/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from gpulist.files import DEFAULT_MAX_BYTES, Refused, current_bytes, current_text, read_guarded, write_plain

MANIFEST = ".gpulist-generated"


@dataclass(slots=True)
class WriteReport:
    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return f"{len(self.written)} written, {len(self.unchanged)} unchanged, {len(self.removed)} removed"


def write_pages(docs: Path, pages: Mapping[str, str]) -> WriteReport:
    report = WriteReport()
    docs.mkdir(parents=True, exist_ok=True)
    for rel, content in sorted(pages.items()):
        target = docs / rel
        data = content.encode("utf-8")
        if current_bytes(target, data) == data:
            report.unchanged.append(rel)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_plain(target, data)
        report.written.append(rel)
    for rel in sorted(_previous(docs) - set(pages)):
        _remove(docs, rel, report)
    manifest = "".join(f"{rel}\n" for rel in sorted(pages))
    if current_text(docs / MANIFEST, manifest) != manifest:
        write_plain(docs / MANIFEST, manifest.encode("utf-8"))
    return report


def _previous(docs: Path) -> set[str]:
    try:
        text = read_guarded(docs / MANIFEST, DEFAULT_MAX_BYTES).decode("utf-8")
    except (OSError, Refused, UnicodeDecodeError):
        text = ""
    return {line for line in text.splitlines()
            if line and not Path(line).is_absolute() and ".." not in Path(line).parts}


def _remove(docs: Path, rel: str, report: WriteReport) -> None:
    target = docs / rel
    if target.is_file():
        target.unlink()
        report.removed.append(rel)
    parent = target.parent
    while parent != docs and parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()
        parent = parent.parent
