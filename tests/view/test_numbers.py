"""gpulist.view.numbers: the view's catalog carries prose with its references written out, once."""

from __future__ import annotations

import shutil
from pathlib import Path

from gpulist.load import load_catalog
from gpulist.view.catalog import build_view
from gpulist.view.numbers import resolved
from tests.catalogs import FIXTURES

REF = "{{gpu.h100-sxm.memory_bandwidth_gbs}}"


def _fixture(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(FIXTURES / "site", root)
    concepts = root / "concepts.yml"
    text = concepts.read_text(encoding="utf-8")
    for old in ("  description: Attention kernels.", "    dot products. Computed naively",
                "      not the arithmetic, bounds the kernel,",
                "    question: Is attention with N < 128 tokens still bound by memory traffic?"):
        assert text.count(old) == 1
        text = text.replace(old, f"{old} ({REF})")
    concepts.write_text(text, encoding="utf-8")
    note = root / "resources" / "flashattention-3.yml"
    note.write_text(note.read_text(encoding="utf-8").replace(
        "  - FP8 attention on Hopper with **warp specialization**",
        f"  - FP8 attention on Hopper with **warp specialization** at {REF}"), encoding="utf-8")
    return root


def test_every_prose_field_is_written_out_and_the_catalog_is_left_as_loaded(tmp_path: Path) -> None:
    catalog, _ = load_catalog(_fixture(tmp_path))
    out = resolved(catalog)
    attention = next(c for c in out.concepts if c.id == "attention")
    texts = [attention.description, attention.definition, *(t for q in attention.check for t in (q.question, q.answer))]
    assert sum("(3,350 GB/s)" in t for t in texts) == 4 and not any("{{" in t for t in texts)
    notes = next(e for e in out.entries if e.resource.id == "flashattention-3").resource.notes
    assert notes[0].endswith("at 3,350 GB/s")
    original = next(c for c in catalog.concepts if c.id == "attention")
    assert REF in original.definition  # the checks still read what was written


def test_without_a_reference_the_catalog_is_returned_as_it_came() -> None:
    catalog, _ = load_catalog(FIXTURES / "site")
    assert resolved(catalog) is catalog


def test_the_view_shows_the_written_out_text(tmp_path: Path) -> None:
    view = build_view(load_catalog(_fixture(tmp_path))[0])
    attention = view.concept_by_id["attention"].concept
    assert "3,350 GB/s" in (attention.definition or "")
    entry = view.entry_by_id["flashattention-3"]
    assert entry.resource.notes[0].endswith("3,350 GB/s")
