"""Scratch catalogs for tests: a small valid data/ folder, with broken files dropped in.

Most failure modes only show up inside a catalog (an unknown topic needs a topics.yml to
be unknown in), so every test builds its own copy of the minimal catalog under
`tests/fixtures/catalog/` in tmp_path and adds or overwrites the files it is about.
Tests chdir into tmp_path so reported paths read `data/resources/x.yml`, exactly what a
contributor sees when running `gpulist validate` from the repository root.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from gpulist.cli import main
from gpulist.load import Catalog, load_catalog
from gpulist.problems import Problem

FIXTURES = Path(__file__).resolve().parent / "fixtures"
BASE_CATALOG = FIXTURES / "catalog"
BROKEN = FIXTURES / "broken"

# One valid resource, as text, for tests that need "a file that is fine apart from X". It has
# the effort and the note every read entry must have (`effort-missing`, `note-missing`), last,
# so a test that replaces a line above them keeps its line numbers.
VALID_NOTE = "Shows where a GPU kernel spends its time and what to optimise first."
VALID_RESOURCE = f"""\
title: A valid entry
url: https://example.org/valid
type: blog
topic: fundamentals
tier: 1
added: 2025-01-01
effort: hour
notes:
  - {VALID_NOTE}
"""
# The same without its note, for a test that writes notes of its own after it.
VALID_WITHOUT_NOTES = VALID_RESOURCE.split("notes:\n")[0]


def make_catalog(root: Path, files: dict[str, str | bytes] | None = None, *, base: bool = True) -> Path:
    """Copy the minimal catalog to root/data, then write `files` (paths relative to data/).

    With base=False only topics.yml and concepts.yml are copied, no resources, so a test
    controls exactly which entries exist.
    """
    data = root / "data"
    shutil.copytree(BASE_CATALOG, data, dirs_exist_ok=True)
    if not base:
        shutil.rmtree(data / "resources")
        (data / "resources").mkdir()
    for rel, content in (files or {}).items():
        target = data / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            target.write_bytes(content)
        else:
            target.write_text(content, encoding="utf-8")
    return data


def add_broken(data: Path, case: str) -> None:
    """Drop one case of the broken corpus into a catalog.

    A file case (`broken/<case>.yml`) becomes a resource; a folder case (`broken/<case>/`)
    is laid over data/ as it is, for failures that need several files or a broken
    topics.yml or concepts.yml.
    """
    source = BROKEN / case
    if source.is_dir():
        shutil.copytree(source, data, dirs_exist_ok=True)
    else:
        shutil.copy(source, data / "resources" / source.name)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run `gpulist ...` in-process and return (exit code, stdout, stderr)."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def error_lines(out: str) -> list[str]:
    """The text report's problem lines (the summary goes to stderr, so this is all of stdout)."""
    return [line for line in out.splitlines() if line.strip()]


def resource(**fields: object) -> str:
    """VALID_RESOURCE with some fields replaced (None drops the field), as YAML text."""
    data = yaml.safe_load(VALID_RESOURCE)
    tail = {name: data.pop(name) for name in ("effort", "notes")}  # last, unless given: lines stay put
    for name, value in fields.items():
        tail.pop(name, None)
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return yaml.safe_dump({**data, **tail}, sort_keys=False, allow_unicode=True)


def load(root: Path, files: dict[str, str | bytes] | None = None, *, base: bool = False
         ) -> tuple[Catalog, list[Problem]]:
    """Build a catalog under root and load it, for check unit tests: (catalog, load problems)."""
    return load_catalog(make_catalog(root, files, base=base))


@pytest.fixture(name="data")
def catalog_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A valid catalog in tmp_path, with tmp_path as working directory so paths read data/...
    The `data` fixture of the validate tests: import it (`catalog_here`) where it is used."""
    monkeypatch.chdir(tmp_path)
    return make_catalog(tmp_path)


def lay_over(data: Path, source: Path, file_name: str) -> None:
    """One case of a broken-file corpus for a list file: a file case becomes data/<file_name>,
    a folder case is laid over data/ (for a case that needs entries of its own)."""
    if source.is_dir():
        shutil.copytree(source, data, dirs_exist_ok=True)
    else:
        shutil.copy(source, data / file_name)


def one_located_error(capsys: pytest.CaptureFixture[str], where: str, rule: str, fragment: str) -> None:
    """`gpulist validate` answers with exactly one error line: at `where`, of `rule`, saying `fragment`."""
    code, out, err = run_cli(capsys, "validate", "--data", "data")
    assert "Traceback" not in err and code == 1
    lines = error_lines(out)
    assert len(lines) == 1, "expected exactly one problem, got:\n" + "\n".join(lines)
    assert lines[0].startswith(f"{where}: error: ") and lines[0].endswith(f"[{rule}]"), lines[0]
    assert fragment in lines[0]
