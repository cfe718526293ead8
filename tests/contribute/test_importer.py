"""Importing whole lists: the fixtures in popular styles and the sibling seed lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import validate
from gpulist.contribute.importer import ImportOptions, run_import
from gpulist.load import load_catalog
from gpulist.problems import UsageError
from tests.contribute.conftest import FIXTURES, SEEDS

LISTS = FIXTURES / "lists"
SEED_001 = next(SEEDS.glob("001_*.txt"))
SEED_003 = next(SEEDS.glob("003_*.txt"))


def errors(data: Path) -> list[str]:
    return [f"{p.path}:{p.line}: {p.message}" for p in validate(data)[1] if p.is_error]


def by_title(data: Path) -> dict[str, object]:
    return {r.title: r for r in load_catalog(data)[0].resources}


def test_awesome_style_list(data: Path) -> None:
    report = run_import(LISTS / "awesome.md", ImportOptions(data, topic="profiling", tier=2))
    assert [line for line, _ in report.imported] == [14, 15, 16, 22, 29, 43]
    assert [line for line, _ in report.duplicates] == [24, 28]
    assert "line 14 of this list" in report.duplicates[0][1]
    assert "already listed as" in report.duplicates[1][1] and "flashattention-2.yml" in report.duplicates[1][1]
    assert report.unparseable == [(30, "no link"), (44, "table row without a link")]
    assert report.problems == [] and errors(data) == []
    entries = by_title(data)
    cutlass = entries["CUTLASS"]
    assert (cutlass.topic, cutlass.tier, cutlass.type) == ("matmul", 2, "code")
    assert [link.title for link in cutlass.links] == ["docs", "video"]
    assert cutlass.notes == ["CUDA templates for linear algebra.", "Sub-note without a link, about CuTe."]
    assert entries["FlashAttention-3"].arxiv == "2407.08608" and entries["FlashAttention-3"].tier == 2
    assert entries["Nsight Compute"].topic == "profiling"
    assert "A very long title that the author wrapped onto a second line" in entries


def test_guide_style_list(data: Path) -> None:
    report = run_import(LISTS / "guide.md", ImportOptions(data))
    assert report.unparseable == [(8, "no link")] and report.unplaced == [] and errors(data) == []
    entries = by_title(data)
    lectures = entries["GPU Mode Lectures"]
    assert (lectures.topic, lectures.tier, lectures.type, lectures.favorite) == ("fundamentals", 1, "video", True)
    assert "Active Discord community: [discord.gg/gpumode](https://discord.gg/gpumode)" in lectures.notes
    hopper = entries["NVIDIA Hopper Architecture In-Depth"]
    assert (hopper.tier, hopper.type) == (2, "blog")
    assert entries["Inside NVIDIA GPUs: Anatomy of High-Performance Matmul Kernels"].topic == "matmul"
    discord = entries["GPU MODE Discord"]
    assert (discord.topic, discord.group, discord.tier) == ("big-picture", "communities", None)


def test_entries_without_placement_are_reported(data: Path) -> None:
    report = run_import(LISTS / "awesome.md", ImportOptions(data))
    assert (29, "no tier for topic 'attention'; pass --tier") in report.unplaced
    assert any(line == 43 and "heading 'Tools' matches none" in why for line, why in report.unplaced)


def test_dry_run_writes_nothing(data: Path) -> None:
    before = sorted((data / "resources").iterdir())
    report = run_import(LISTS / "awesome.md", ImportOptions(data, topic="profiling", tier=2, dry_run=True))
    assert len(report.imported) == 6 and sorted((data / "resources").iterdir()) == before


def test_importing_twice_skips_everything(data: Path) -> None:
    run_import(LISTS / "guide.md", ImportOptions(data))
    again = run_import(LISTS / "guide.md", ImportOptions(data))
    assert again.imported == [] and len(again.duplicates) == 4


def test_seed_001_has_no_links_so_every_bullet_is_reported(data: Path) -> None:
    report = run_import(SEED_001, ImportOptions(data, topic="fundamentals", tier=1))
    bullets = [n for n, line in enumerate(SEED_001.read_text().splitlines(), 1) if line.startswith("- ")]
    assert report.imported == [] and [line for line, _ in report.unparseable] == bullets
    assert {why for _, why in report.unparseable} == {"no link"}


def test_seed_003_imports_and_validates(data: Path) -> None:
    report = run_import(SEED_003, ImportOptions(data, topic="profiling", tier=3))
    assert len(report.imported) == 18 and report.problems == [] and errors(data) == []
    assert (10, "bare URL without a title") in report.unparseable
    assert (96, "no link") in report.unparseable
    gemm = by_title(data)["How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance: a Worklog"]
    assert (gemm.topic, gemm.tier) == ("matmul", 3)  # '#### GEMM' names the topic, the flag the tier


def test_bad_flags_and_files(data: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file"):
        run_import(tmp_path / "missing.md", ImportOptions(data))
    with pytest.raises(UsageError, match="unknown topic"):
        run_import(LISTS / "guide.md", ImportOptions(data, topic="nope"))
    with pytest.raises(UsageError, match="unknown type"):
        run_import(LISTS / "guide.md", ImportOptions(data, type="article"))
