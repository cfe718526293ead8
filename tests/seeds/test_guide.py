"""Parsing the seed guide, and the promise that the catalog still holds every guide entry."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpulist.identity import normalize_url
from gpulist.load import load_catalog
from gpulist.models import Resource
from gpulist.seeds.convert import RECENT, placement
from gpulist.seeds.guide import GuideEntry, Link, parse_guide
from gpulist.seeds.mojibake import repair

from tests.conftest import DATA

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "seeds" / "000_guide.txt"

SNIPPET = """\
**Legend:** ✨ = Recently added

## 1. Fundamentals

### Tier 2: Architecture Deep Dives

📝 **Chips and Cheese: Blackwell** - [chipsandcheese.com](https://chipsandcheese.com/p/bw) ✨
- Microbenchmarking analysis of GB202

🎥 **GPU Mode Lectures** - [github.com/gpu-mode/lectures](https://github.com/gpu-mode/lectures) 🔥
- Active Discord community: [discord.gg/gpumode](https://discord.gg/gpumode)

## 2. Matrix Multiplication

### Tier 1: Essential Tutorials

📝 **How to Optimize a CUDA Matmul Kernel** - siboehm, Someone Else 🔥
- [siboehm.com/articles/22/CUDA-MMM](https://siboehm.com/articles/22/CUDA-MMM)
- Covers tiling

## 11. The Big Picture

### Industry Analysis

📝 **The CUDA Moat Debate** - Various authors
- Is NVIDIA's software ecosystem an insurmountable advantage?

## Contributing

- ✅ Primary sources (papers, official docs)
"""


@pytest.fixture(scope="module")
def snippet() -> list[GuideEntry]:
    return parse_guide(SNIPPET)


def test_entry_line_gives_type_title_url_and_markers(snippet: list[GuideEntry]) -> None:
    first = snippet[0]
    assert (first.section, first.tier, first.kind) == (1, 2, "blog")
    assert first.title == "Chips and Cheese: Blackwell"
    assert first.url == "https://chipsandcheese.com/p/bw"
    assert (first.new, first.favorite, first.authors) == (True, False, [])


def test_link_only_bullet_becomes_the_url_not_a_note(snippet: list[GuideEntry]) -> None:
    matmul = snippet[2]
    assert matmul.url == "https://siboehm.com/articles/22/CUDA-MMM"
    assert matmul.notes == ["Covers tiling"]
    assert matmul.authors == ["siboehm", "Someone Else"]
    assert matmul.favorite


def test_further_links_are_kept_in_notes_and_links(snippet: list[GuideEntry]) -> None:
    lectures = snippet[1]
    assert lectures.links == [Link("discord.gg/gpumode", "https://discord.gg/gpumode")]
    assert "[discord.gg/gpumode]" in lectures.notes[0]


def test_untiered_subsection_is_a_group(snippet: list[GuideEntry]) -> None:
    moat = snippet[-1]
    assert (moat.section, moat.tier, moat.subsection, moat.url) == (11, None, "Industry Analysis", None)


def test_text_outside_sections_is_ignored(snippet: list[GuideEntry]) -> None:
    assert parse_guide("📝 **Not an entry** - before any section\n") == []
    assert snippet[-1].notes == ["Is NVIDIA's software ecosystem an insurmountable advantage?"]


# --- the real guide and the real catalog --------------------------------------------


@pytest.fixture(scope="module")
def guide() -> list[GuideEntry]:
    return parse_guide(repair(FIXTURE.read_text(encoding="utf-8")))


def test_seed_guide_has_113_entries_in_11_sections(guide: list[GuideEntry]) -> None:
    assert len(guide) == 113
    assert sorted({e.section for e in guide}) == list(range(1, 12))
    assert all(e.title and e.kind for e in guide)


def _title_key(title: str) -> str:
    """'GQA: Training ...' -> 'gqa': hand review may complete a title the guide shortened."""
    return re.split(r":| \(", title, maxsplit=1)[0].strip().casefold()


def _find(entry: GuideEntry, resources: list[Resource]) -> list[Resource]:
    if entry.url:
        return [r for r in resources if r.url and normalize_url(r.url) == normalize_url(entry.url)]
    key = _title_key(entry.title)
    # The key must end at a word boundary: "EAGLE" names EAGLE-1, not "EAGLE-3: ...".
    starts = re.compile(re.escape(key) + r"(?![\w-])")
    return [r for r in resources if starts.match(r.title.casefold())]


# Guide entries whose guide title, URL or placement no longer finds them, by guide title: the
# entry that holds each now, and why. None is left out: the user's lists stay whole (issue 45).
SINCE_THE_GUIDE: dict[str, str] = {
    "Multi-Head Latent Attention (MLA)": "deepseek-v2-mla",  # retitled to the paper's own title
    "Speculative Decoding Overview": "vllm-speculative-decoding",  # the docs page itself, not the docs home
    "Learn CUTLASS the Hard Way": "learn-cutlass-the-hard-way",  # Kapil Sharma's post, not Lei Mao's
    "Chips and Cheese: AMD CDNA 3": "chips-and-cheese-cdna-3",  # the article, not the site's home
    # Filed by the guide under Distributed, Tier 3 (Kernel Fusion), though nothing in it is
    # distributed: Part VI of a single-GPU inference series, beside its Parts II and V in Profiling.
    "Kernel Fusion in CUDA": "kernel-fusion-in-cuda",
    # The same section's other single-GPU fusion paper: a CUDA compiler pass, now under Compilers.
    "Automatic Horizontal Fusion for GPU Kernels": "horizontal-fusion",
}
# Of those, the three whose guide URL was a home page or a wrong address: the entry links the
# resource's own page instead.
MOVED_URLS = {"https://docs.vllm.ai": "vllm-speculative-decoding",
              "https://leimao.github.io/article/Learn-CUTLASS-The-Hard-Way/": "learn-cutlass-the-hard-way",
              "https://chipsandcheese.com": "chips-and-cheese-cdna-3"}


def test_catalog_holds_every_guide_entry(guide: list[GuideEntry]) -> None:
    catalog, _ = load_catalog(DATA)
    resources = catalog.resources
    ids = {r.id for r in resources}
    wrong: list[str] = [f"{title}: no entry {rid}" for title, rid in SINCE_THE_GUIDE.items() if rid not in ids]
    for entry in guide:
        if entry.title in SINCE_THE_GUIDE:
            continue
        where = placement(entry, catalog.topics)
        found = [r for r in _find(entry, resources) if r.topic == where["topic"]]
        if len(found) != 1:
            wrong.append(f"{entry.title}: {len(found)} matching files")
            continue
        r = found[0]
        if (r.tier, r.group) != (where.get("tier"), where.get("group")):
            wrong.append(f"{entry.title}: placed at tier {r.tier} group {r.group}, guide says {where}")
        if r.favorite != entry.favorite or (r.added == RECENT) != entry.new:
            wrong.append(f"{entry.title}: favorite {r.favorite}, added {r.added}")
    assert wrong == []


def _holders(entry: GuideEntry, resources: list[Resource]) -> list[Resource]:
    """The entries that hold a guide entry: found by its URL or title, or the one named for it."""
    by_id = {r.id: r for r in resources}
    if entry.title in SINCE_THE_GUIDE:
        return [by_id[SINCE_THE_GUIDE[entry.title]]]
    return _find(entry, resources)


def test_all_113_guide_titles_are_entries(guide: list[GuideEntry]) -> None:
    """Issue 45's figure: 113 of 113 guide entries are entries, none left out."""
    resources = load_catalog(DATA)[0].resources
    held = [e.title for e in guide if _holders(e, resources)]
    assert len(held) == len(guide) == 113


def test_all_104_guide_urls_are_held(guide: list[GuideEntry]) -> None:
    """Issue 45's figure: 104 of 104 guide URLs. 101 are an entry's own URL; the three in
    MOVED_URLS were home pages or a wrong address, held by the entry that links the page itself."""
    resources = load_catalog(DATA)[0].resources
    own = {normalize_url(str(r.url)) for r in resources if r.url}
    ids = {r.id for r in resources}
    urls = [e.url for e in guide if e.url]
    assert len(urls) == len(set(urls)) == 104
    as_own = [u for u in urls if normalize_url(u) in own]
    moved = [u for u in urls if u in MOVED_URLS and MOVED_URLS[u] in ids and normalize_url(u) not in own]
    assert len(as_own) == 101 and len(moved) == 3
    assert sorted(as_own + moved) == sorted(urls)
