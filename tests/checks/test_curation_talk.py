"""curation-talk: what a reader sees speaks of the resource, never of how the list was made."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import curation_talk
from gpulist.checks.curation_talk import phrase_pattern
from gpulist.load import load_catalog
from tests.catalogs import VALID_RESOURCE, VALID_WITHOUT_NOTES, load, make_catalog

STYLE = "curation_talk:\n  - sibling list\n  - was checked\n  - per the guide\n"
PHRASES = ["sibling list", "was checked", "per the guide", "stored copy"]


@pytest.mark.parametrize("text", [
    "A sibling-list kernel is not the phrase: words must stand alone",
    "Siblings listed beside each other, and a guide for the perplexed",
    "The kernel was checked-in to the repository",  # a hyphen joins it to the next word
    "CUDA's warp shuffles have siblings that reduce in one instruction",
])
def test_text_without_the_phrases_passes(text: str) -> None:
    pattern = phrase_pattern(PHRASES)
    assert pattern is not None and pattern.search(text) is None


@pytest.mark.parametrize(("text", "found"), [
    ("From the Sibling List", "Sibling List"),
    ("From the sibling list's AMD item", "sibling list"),
    ("no copy\nwas\tchecked.", "was\tchecked"),
    ("(per the guide)", "per the guide"),
    ("A stored copy, at last", "stored copy"),
])
def test_each_phrase_is_found_whatever_the_case_or_white_space(text: str, found: str) -> None:
    match = phrase_pattern(PHRASES).search(text)  # type: ignore[union-attr]
    assert match is not None and match.group(0).replace("\n", " ") == found.replace("\n", " ")


def test_no_phrases_checks_nothing() -> None:
    assert phrase_pattern([]) is None


def test_every_reader_facing_text_is_checked_and_located(tmp_path: Path) -> None:
    entry = (VALID_WITHOUT_NOTES.replace("title: A valid entry", "title: Kernels (sibling list)")
             + "notes:\n  - Fine note\n  - Its content was checked.\nlinks:\n  - title: Per the guide\n"
               "    url: https://example.org/x\n")
    paths = ("- id: p\n  title: P\n  description: What a sibling list says.\n  steps:\n"
             "    - entry: valid\n      why: First, per the guide.\n")
    catalog, problems = load(tmp_path, {"style.yml": STYLE, "resources/valid.yml": entry, "paths.yml": paths},
                             base=False)
    assert problems == []
    found = sorted((p.path.rsplit("/", 1)[1], p.line, p.col) for p in curation_talk.check(catalog))
    assert found == [("paths.yml", 3, 16), ("paths.yml", 6, 12),
                     ("valid.yml", 1, 8), ("valid.yml", 10, 5), ("valid.yml", 12, 12)]


def test_topic_and_concept_text_is_checked(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"style.yml": STYLE}, base=False)
    texts = [text for _, _, text in curation_talk.reader_texts(catalog)]
    assert "Start Here" in texts  # a tier title of topics.yml
    assert any("NVIDIA's GPU programming platform" in t for t in texts)  # a concept's description


def test_without_a_style_file_nothing_is_refused(tmp_path: Path) -> None:
    entry = VALID_RESOURCE.replace("title: A valid entry", "title: From the sibling list")
    data = make_catalog(tmp_path, {"resources/valid.yml": entry}, base=False)
    (data / "style.yml").unlink()
    catalog, _ = load_catalog(data)
    assert catalog.style.curation_talk == [] and curation_talk.check(catalog) == []
