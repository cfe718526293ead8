"""Importing whole lists: a curator's fixture for every failure the issue lists, the fixtures in
popular styles, and the sibling seed lists."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gpulist.checks import validate
from gpulist.contribute import importer
from gpulist.contribute.importer import ImportOptions, ImportReport, run_import
from gpulist.load import load_catalog, loader
from gpulist.models import Resource
from gpulist.checks import TO_FILL
from gpulist.problems import UsageError
from tests.conftest import DATA
from tests.contribute.conftest import FIXTURES, SEEDS

LISTS = FIXTURES / "lists"
CURATOR = LISTS / "curator.md"
SEED_001 = next(SEEDS.glob("001_*.txt"))
SEED_003 = next(SEEDS.glob("003_*.txt"))
PMPP = """\
# yaml-language-server: $schema=../../schemas/resource.schema.json
title: "Programming Massively Parallel Processors: A Hands-on Approach"
url: null
type: book
topic: fundamentals
tier: 1
added: 2025-01-01
"""


def errors(data: Path) -> list[str]:
    """Errors other than what the imported drafts leave to fill (a note, an effort: TO_FILL)."""
    return [f"{p.path}:{p.line}: {p.message}" for p in validate(data)[1] if p.is_error and p.rule not in TO_FILL]


def by_title(data: Path) -> dict[str, Resource]:
    return {r.title: r for r in load_catalog(data)[0].resources}


def rows(report: ImportReport, outcome: str) -> dict[int, str]:
    return {r.line: r.detail for r in report.of(outcome)}


@pytest.fixture
def curated(data: Path) -> tuple[Path, ImportReport]:
    (data / "resources" / "pmpp.yml").write_text(PMPP, encoding="utf-8")
    return data, run_import(CURATOR, ImportOptions(data, topic="fundamentals", tier=1))


def test_urls_are_never_cut_short(curated: tuple[Path, ImportReport]) -> None:
    data, _ = curated
    entries = by_title(data)
    wiki = entries["Thread Block (Wikipedia)"]
    assert wiki.url == "https://en.wikipedia.org/wiki/Thread_block_(CUDA_programming)"
    assert wiki.notes == ["how blocks map to SMs"]  # no ')' left over
    assert entries["Scheduling on GPUs"].url == "https://example.org/scheduling_(gpu)"  # reference-style
    assert entries["Swapped Brackets Post"].url == "https://example.org/swapped-brackets"  # (text)[url]
    assert entries["CUDA Best Practices"].url == "https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html"


def test_canonical_urls_drop_tracking(curated: tuple[Path, ImportReport]) -> None:
    entries = by_title(curated[0])
    assert entries["Roofline talk"].url == "https://www.youtube.com/watch?v=dQw4w9WgXcQ"  # youtu.be, si= dropped
    assert entries["Tiled Kernels, Explained"].url == "https://example.org/tiled?page=2"  # utm_source dropped


def test_prose_and_badges_are_not_entries(curated: tuple[Path, ImportReport]) -> None:
    data, report = curated
    assert rows(report, "prose") == {
        3: "a paragraph with 2 links, not a list item (--include-prose takes it)",
        41: "a paragraph, not a list item (--include-prose takes it)"}
    titles = by_title(data)
    assert not {"Triton", "YouTube channel", "the repository", "Awesome", "diagram"} & set(titles)


def test_include_prose_takes_paragraphs(data: Path) -> None:
    report = run_import(CURATOR, ImportOptions(data, topic="fundamentals", tier=1, include_prose=True))
    assert report.of("prose") == []
    triton = by_title(data)["Triton"]
    assert triton.links[0].title == "YouTube channel"  # one paragraph, one entry


def test_people_are_skipped_with_the_reason(curated: tuple[Path, ImportReport]) -> None:
    assert rows(curated[1], "profile") == {
        35: "a person, not a resource: Twitter profile @ada_example, GitHub account ada-example",
        36: "a person, not a resource: X profile @bo_example",
        37: "a person, not a resource: Bluesky profile @cy.example.social"}


def test_generic_link_text_gets_context_or_is_reported(curated: tuple[Path, ImportReport]) -> None:
    data, report = curated
    titles = set(by_title(data))
    assert {"Hazy Research blog", "Thread Block (Wikipedia)", "FlashDecoding"} <= titles
    assert not {"Blog", "Wiki: Thread Block", "paper", "code", "here"} & titles
    weak = {r.line: (r.title, r.detail) for r in report.weak_titles}
    assert weak[25] == ("FlashDecoding", "taken from the heading 'FlashDecoding': check it names this resource")
    assert weak[31] == ("example.org/notes/42", "link text 'here' and nothing around it names the resource")
    assert set(weak) == {25, 31}


def test_one_item_one_entry_with_clean_notes(curated: tuple[Path, ImportReport]) -> None:
    entries = by_title(curated[0])
    tiled = entries["Tiled Kernels, Explained"]
    assert tiled.notes == ["a walk through tiling."]
    assert [(link.title, str(link.url)) for link in tiled.links] == [
        ("paper", "https://arxiv.org/abs/2401.00001"), ("code", "https://github.com/example-org/tiled"),
        ("pdf", "https://example.org/tiled.pdf")]
    decoding = entries["FlashDecoding"]  # a sub-bullet of 'code' is a link, a plain one a note
    assert [link.title for link in decoding.links] == ["code"] and decoding.notes == ["Splits the KV cache across blocks."]
    assert entries["Collective Ops"].notes == [] and [link.title for link in entries["Collective Ops"].links] == ["code"]
    assert entries["Hazy Research blog"].notes == ["systems for machine learning"]


def test_the_same_book_twice_is_skipped_naming_the_listed_file(curated: tuple[Path, ImportReport]) -> None:
    data, report = curated
    [duplicate] = report.of("duplicate")
    assert duplicate.line == 11 and duplicate.title == "Programming Massively Parallel Processors"
    assert duplicate.detail == ("possible duplicate of " + str(data / "resources" / "pmpp.yml") + " (same title but "
                                "for a subtitle: 'Programming Massively Parallel Processors: A Hands-on Approach'); "
                                "--force imports it")
    assert "Programming Massively Parallel Processors" not in by_title(data)


def test_force_imports_a_possible_duplicate_and_validate_warns(data: Path) -> None:
    (data / "resources" / "pmpp.yml").write_text(PMPP, encoding="utf-8")
    report = run_import(CURATOR, ImportOptions(data, topic="fundamentals", tier=1, force=True))
    assert report.of("duplicate") == [] and report.problems == []
    assert by_title(data)["Programming Massively Parallel Processors"].type == "book"  # Amazon
    warned = [p for p in validate(data)[1] if p.rule == "possible-duplicate"]
    assert [Path(p.path).name for p in warned] == ["programming-massively-parallel-processors.yml"]
    assert "pmpp.yml" in warned[0].message


def test_types_are_inferred_from_the_url(curated: tuple[Path, ImportReport]) -> None:
    data, report = curated
    types = {title: r.type for title, r in by_title(data).items()}
    assert (types["Collective Ops"], types["Performance Book"], types["CUDA Best Practices"],
            types["Roofline talk"], types["FlashDecoding"]) == ("paper", "book", "docs", "video", "paper")
    assert types["Hazy Research blog"] == "blog"
    assert dict(report.typed) == {"URL": 5, "default": 6}
    assert report.problems == [] and errors(data) == []
    assert rows(report, "no link") == {21: "no link"}


def test_awesome_style_list(data: Path) -> None:
    report = run_import(LISTS / "awesome.md", ImportOptions(data, topic="profiling", tier=2))
    assert [r.line for r in report.imported] == [14, 15, 16, 22, 29, 43]
    assert [r.line for r in report.of("duplicate")] == [24, 28]
    assert "line 14 of this list" in report.of("duplicate")[0].detail
    assert "flashattention-2.yml (same arXiv id 2307.08691)" in report.of("duplicate")[1].detail
    assert rows(report, "no link") == {30: "no link", 44: "table row without a link"}
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
    assert rows(report, "no link") == {7: "no link"} and report.of("not placed") == [] and errors(data) == []
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
    assert rows(report, "not placed")[29] == "no tier for topic 'attention'; pass --tier"
    assert "heading 'Tools' matches none" in rows(report, "not placed")[43]


def test_dry_run_writes_nothing(data: Path) -> None:
    before = sorted((data / "resources").iterdir())
    report = run_import(LISTS / "awesome.md", ImportOptions(data, topic="profiling", tier=2, dry_run=True))
    assert len(report.imported) == 6 and sorted((data / "resources").iterdir()) == before


def test_the_size_limit_is_read_once_for_the_list_and_the_catalog(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """pyproject.toml is read once per import; the limit read for the list also caps the catalog's files."""
    reads: list[object] = []

    def limit(start: Path | None = None) -> int:
        reads.append(start)
        return 1 << 20

    monkeypatch.setattr(importer, "size_limit", limit)
    monkeypatch.setattr(loader, "size_limit", limit)
    report = run_import(LISTS / "awesome.md", ImportOptions(data, topic="profiling", tier=2, dry_run=True))
    assert report.imported and len(reads) == 1


def test_importing_twice_skips_everything(data: Path) -> None:
    run_import(LISTS / "guide.md", ImportOptions(data))
    again = run_import(LISTS / "guide.md", ImportOptions(data))
    assert again.imported == [] and len(again.of("duplicate")) == 4


def test_seed_001_has_no_links_so_every_bullet_is_reported(data: Path) -> None:
    report = run_import(SEED_001, ImportOptions(data, topic="fundamentals", tier=1))
    bullets = [n for n, line in enumerate(SEED_001.read_text().splitlines(), 1) if line.startswith("- ")]
    assert report.imported == [] and sorted(rows(report, "no link")) == bullets


def test_seed_003_lists_and_prose(data: Path) -> None:
    """Seed 003 is mostly paragraphs of links: its list items are imported, the rest reported as
    prose; --include-prose takes the paragraphs too."""
    report = run_import(SEED_003, ImportOptions(data, topic="profiling", tier=3))
    assert [r.line for r in report.imported] == [10, 11, 13, 14, 15, 16, 110, 119, 120]
    assert len(report.of("prose")) == 24 and report.problems == []
    assert {r.line for r in report.weak_titles} == {10, 11, 13, 14, 15, 16}  # bare URLs under one heading
    more = run_import(SEED_003, ImportOptions(data, topic="profiling", tier=3, include_prose=True))
    assert len(more.imported) == 23 and more.problems == [] and errors(data) == []
    assert rows(more, "duplicate")[36].startswith("possible duplicate of line 34 of this list (same title")
    gemm = by_title(data)["How to Optimize a CUDA Matmul Kernel for cuBLAS-like Performance: a Worklog"]
    assert (gemm.topic, gemm.tier) == ("matmul", 3)  # '#### GEMM' names the topic, the flag the tier


def test_the_guide_imports_nothing_new_into_the_data_made_from_it(tmp_path: Path) -> None:
    """The guide's own form, emoji mangled by a wrong encoding and all: every entry is found
    and known, its bullets are notes, and only the intro paragraph is prose."""
    data = Path(shutil.copytree(DATA, tmp_path / "data"))
    report = run_import(SEEDS / "000_guide.txt", ImportOptions(data, dry_run=True))
    # The entries the list moved to a better address than the guide's home pages: the docs'
    # own page for speculative decoding, the CDNA 3 article (tests/seeds/test_guide.py,
    # MOVED_URLS). Every other guide entry is known: the list keeps them all (issue 45).
    moved = ["https://chipsandcheese.com", "https://docs.vllm.ai"]
    assert sorted(r.url for r in report.imported) == sorted(moved)
    assert report.of("not placed", "invalid") == []
    duplicates = report.of("duplicate")
    assert len(duplicates) > 100 and all("already listed" in r.detail for r in duplicates
                                         if r.title != "Learn CUTLASS the Hard Way")
    # The guide credits Lei Mao at a URL with no post; the list holds Kapil Sharma's post of that
    # title at its own address, which the import still catches, by its title.
    [cutlass] = [r for r in duplicates if r.title == "Learn CUTLASS the Hard Way"]
    assert "possible duplicate" in cutlass.detail and "learn-cutlass-the-hard-way.yml" in cutlass.detail
    assert [r.line for r in report.of("prose")] == [3]
    assert 438 in {r.line for r in report.of("duplicate")}  # '📄 **Title** - [link](url)' with no bullets


def test_bad_flags_and_files(data: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such file"):
        run_import(tmp_path / "missing.md", ImportOptions(data))
    with pytest.raises(UsageError, match="unknown topic"):
        run_import(LISTS / "guide.md", ImportOptions(data, topic="nope"))
    with pytest.raises(UsageError, match="unknown type"):
        run_import(LISTS / "guide.md", ImportOptions(data, type="article"))


STREAM = LISTS / "resource-stream.md"
HTA = """\
title: Holistic Trace Analysis (HTA)
url: https://github.com/facebookresearch/HolisticTraceAnalysis
type: tool
topic: profiling
tier: 2
added: 2025-01-01
"""
MOJO = """\
title: Mojo
url: https://www.modular.com/mojo
type: code
topic: compilers
tier: 3
added: 2025-01-01
"""


@pytest.fixture
def streamed(data: Path) -> tuple[Path, ImportReport]:
    """The GPU MODE resource stream's items against a catalog listing HTA's repository and Mojo."""
    (data / "resources" / "holistic-trace-analysis.yml").write_text(HTA, encoding="utf-8")
    (data / "resources" / "mojo.yml").write_text(MOJO, encoding="utf-8")
    return data, run_import(STREAM, ImportOptions(data, topic="fundamentals", tier=2))


def test_an_item_linking_a_listed_repository_is_that_entry(streamed: tuple[Path, ImportReport]) -> None:
    """HTA's docs with 'gh: [its repository]' is the HTA already listed by its repository, not a second HTA."""
    data, report = streamed
    assert rows(report, "duplicate")[7] == (
        f"already listed as {data / 'resources' / 'holistic-trace-analysis.yml'} (its link "
        "https://github.com/facebookresearch/HolisticTraceAnalysis: same GitHub repository "
        "facebookresearch/holistictraceanalysis)")
    assert not (data / "resources" / "holistic-trace-analysis-hta.yml").exists()


def test_an_equal_title_is_a_possible_duplicate_whatever_the_types(streamed: tuple[Path, ImportReport]) -> None:
    """'Mojo' the docs (typed from the URL) against 'Mojo' listed as code: skipped, unless --force."""
    data, report = streamed
    assert rows(report, "duplicate")[14] == (
        f"possible duplicate of {data / 'resources' / 'mojo.yml'} (same title: 'Mojo'); --force imports it")
    assert not (data / "resources" / "mojo-2.yml").exists()
    forced = run_import(STREAM, ImportOptions(data, topic="fundamentals", tier=2, force=True))
    assert [r.line for r in forced.imported] == [14] and (data / "resources" / "mojo-2.yml").exists()


def test_notes_keep_no_link_debris_and_versions_join_the_title(data: Path) -> None:
    report = run_import(STREAM, ImportOptions(data, topic="fundamentals", tier=2, force=True))
    assert report.problems == [] and errors(data) == []
    entries = by_title(data)
    assert entries["Mojo"].notes == ["(part of commercial MAX Plattform by Modular)"]
    assert entries["PTX and ISA Programming Guide (version 8.3)"].notes == []
    assert entries["Parallel Prefix Sum (Scan) with CUDA"].notes == ["impl: stack overflow, nicer impl: mattdean1/cuda"]
    every_note = [n for r in entries.values() for n in r.notes]
    assert not [n for n in every_note if re.search(r"\(\s*\)|\b(by|of|and)\s*[)\]]|\(V\d", n)], every_note


def test_secondary_links_are_titled_by_what_they_are(data: Path) -> None:
    run_import(STREAM, ImportOptions(data, topic="fundamentals", tier=2))
    entries = by_title(data)
    assert [(link.title, str(link.url)) for link in entries["Codon @gpu.kernel"].links] == [
        ("Code: exaloop/codon", "https://github.com/exaloop/codon")]
    assert [link.title for link in entries["Holistic Trace Analysis (HTA)"].links] == [
        "Code: facebookresearch/HolisticTraceAnalysis"]
    titles = [link.title for r in entries.values() for link in r.links]
    assert not [t for t in titles if re.fullmatch(r"[\w.-]+\.(com|org|io|net)", t)], titles


def test_a_year_and_a_length_the_item_states_are_kept(data: Path, tmp_path: Path) -> None:
    listing = tmp_path / "stated.md"
    listing.write_text("# Talks\n\n- [Tensor cores in depth](https://example.org/tc) — A. Speaker (2024), 45 min\n"
                       "- [Another talk](https://example.org/other) — nothing stated\n", encoding="utf-8")
    report = run_import(listing, ImportOptions(data, topic="tensor-cores", tier=1))
    assert [r.outcome for r in report.rows] == ["imported", "imported"]
    entries = by_title(data)
    assert (entries["Tensor cores in depth"].year, entries["Tensor cores in depth"].effort) == (2024, "hour")
    assert (entries["Another talk"].year, entries["Another talk"].effort) == (None, None)
