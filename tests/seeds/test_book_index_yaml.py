"""The generated data/book-index.yml: layout, round trip, and being up to date."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.load import load_catalog
from gpulist.load.loader import BOOK_INDEX
from gpulist.load.yaml_reader import read_yaml
from gpulist.models import BookIndex, IndexTerm, SectionRef
from gpulist.schema import SCHEMA_DIR, all_schemas
from gpulist.seeds.book_index import parse_book_index
from gpulist.seeds.book_index_yaml import SCHEMA_FILE, main, render

from tests.conftest import DATA, REPO

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "seeds"
SEED = next(FIXTURES.glob("002_*.txt"))

SMALL = BookIndex(book="some-book", title="Some Book", terms=[
    IndexTerm(term="#pragma unroll", refs=[SectionRef(section="Loop Unrolling, Interleaving, and Compiler Hinting")],
              subterms=[IndexTerm(term="unrolling too many", refs=[
                  SectionRef(section="Inspecting Achieved Occupancy", to="Optimizing the Kernel: Part 1")])]),
    IndexTerm(term="3FS", see=["Fire-Flyer File System (3FS; DeepSeek)"], see_also=["storage"]),
])


def test_render_round_trips_through_the_strict_loader(tmp_path: Path) -> None:
    (tmp_path / BOOK_INDEX).write_text(render(SMALL, "002_x.txt"), encoding="utf-8")
    catalog, problems = load_catalog(tmp_path)
    assert catalog.book_index == SMALL
    assert [p for p in problems if p.path.endswith(BOOK_INDEX)] == []


def test_layout_is_readable(tmp_path: Path) -> None:
    text = render(SMALL, "002_x.txt")
    lines = text.splitlines()
    assert lines[0] == f"# yaml-language-server: $schema=../{SCHEMA_DIR}/{SCHEMA_FILE}"
    assert any("tests/fixtures/seeds/002_x.txt -o data/book-index.yml" in line for line in lines[:5])
    assert "      - Loop Unrolling, Interleaving, and Compiler Hinting" in lines  # bare title, lists indented
    assert "          - {section: Inspecting Achieved Occupancy, to: 'Optimizing the Kernel: Part 1'}" in lines
    assert "subterms: []" not in text and "see: []" not in text and "to: null" not in text


def test_the_schema_is_generated_and_current() -> None:
    schemas = all_schemas()
    assert SCHEMA_FILE in schemas
    assert (REPO / SCHEMA_DIR / SCHEMA_FILE).read_text(encoding="utf-8") == schemas[SCHEMA_FILE]


def test_committed_data_is_what_the_seed_gives() -> None:
    """Fails when the parser changed and nobody regenerated the file (see its header)."""
    index, _, _ = parse_book_index(SEED.read_text(encoding="utf-8"), str(SEED))
    assert (DATA / BOOK_INDEX).read_text(encoding="utf-8") == render(index, SEED.name)


def test_command_writes_the_file_and_reports_doubts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    seed = tmp_path / "002_small.txt"
    seed.write_text("# Some Book\n\n### A\n\n- alpha, Section One\n\n- orphan, Section Two\n", encoding="utf-8")
    out = tmp_path / "book-index.yml"
    assert main([str(seed), "-o", str(out)]) == 0
    doc, problems = read_yaml(str(out), out.read_bytes())
    assert problems == [] and doc is not None
    assert doc.data["terms"] == [{"term": "alpha", "refs": ["Section One"]}]
    assert "002_small.txt:7:1: warning" in capsys.readouterr().err
