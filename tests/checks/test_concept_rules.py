"""The concept rules beyond the broken-concepts corpus (tests/cli/test_validate_concepts.py):
sentence counting, the entry count across broken files, and the advice rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import concept_entries, effort_wanted, note_too_short, requires_wanted, year_wanted
from gpulist.checks.concept_definition import definition_problem, sentences
from tests.catalogs import BASE_CATALOG as BASE
from tests.catalogs import load, resource


@pytest.mark.parametrize(("text", "n"), [
    ("One sentence only.", 1),
    ("A warp is 32 threads. im2col builds a matrix, e.g. for convolutions. Then vs. now et al. stay one.", 3),
    ("It moves 3.35 TB/s. Really? Yes!", 3),
])
def test_sentences_are_counted_through_abbreviations_and_lower_case_starts(text: str, n: int) -> None:
    assert sentences(text) == n


def test_a_six_sentence_definition_is_too_long() -> None:
    six = " ".join(f"Sentence number {i} says one more thing about the concept at hand." for i in range(6))
    assert "too long (6 sentences)" in (definition_problem(six) or "")
    assert definition_problem(". ".join(six.split(". ")[:3]) + ".") is None


def test_a_broken_entry_file_still_counts_for_its_concepts(tmp_path: Path) -> None:
    """One broken file should give one error, not a second about the concept it tagged."""
    broken = resource(tags=["triton"]).replace("type: blog", "type: blogg")
    catalog, problems = load(tmp_path, {"resources/broken.yml": broken}, base=True)
    assert [p.rule for p in problems] == ["invalid-value"]
    assert "broken" in catalog.unloaded
    assert concept_entries.check(catalog) == []


def test_advice_rules_name_what_an_entry_lacks(tmp_path: Path) -> None:
    """An unread paper with a short note: its length, year, prerequisites and a teaching note are advised."""
    text = resource(tags=["cuda"], effort=None, notes=["A short note"], reviewed=False).replace(
        "tier: 1", "tier: 2").replace("type: blog", "type: paper")
    catalog, _ = load(tmp_path, {"resources/thin.yml": text})
    rules = {check.__module__.rsplit(".", 1)[1]: check(catalog)
             for check in (effort_wanted.check, year_wanted.check, requires_wanted.check, note_too_short.check)}
    assert all(len(found) == 1 and found[0].severity == "warning" for found in rules.values()), rules
    done = text.replace("- A short note", "- A note long enough to say what a reader learns here and why it is "
                        "the one.").replace("added:", "year: 2024\neffort: hour\nrequires: [cuda]\nadded:")
    catalog, problems = load(tmp_path / "done", {"resources/thin.yml": done})
    assert problems == [] and [c(catalog) for c in (effort_wanted.check, year_wanted.check,
                                                    requires_wanted.check, note_too_short.check)] == [[], [], [], []]


def test_tools_and_communities_need_no_effort(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"resources/tool.yml": resource().replace("type: blog", "type: tool")})
    assert effort_wanted.check(catalog) == []


def test_definitions_that_link_fewer_than_two_concepts_are_advised(tmp_path: Path) -> None:
    """In the minimal vocabulary cuda names none (its C++ is no concept), triton names CUDA
    once, and flashattention names nothing: "memory" and "attention" are common words."""
    from gpulist.checks import definition_links
    catalog, _ = load(tmp_path, {})
    found = definition_links.check(catalog)
    assert [p.severity for p in found] == ["warning"] * 3
    assert [(p.line, p.message.split(" links ")[1].split(":")[0]) for p in found] == [
        (9, "0 other concepts (none)"), (15, "1 other concept (cuda)"), (23, "0 other concepts (none)")]
    richer = (BASE / "concepts.yml").read_text(encoding="utf-8").replace(
        "FlashAttention computes exact attention", "FlashAttention, written in CUDA or Triton, computes exact attention")
    catalog, _ = load(tmp_path / "richer", {"concepts.yml": richer})
    assert "flashattention" not in " ".join(p.message for p in definition_links.check(catalog))


@pytest.mark.parametrize(("alias", "other"), [
    ("Cuda C++", "its alias 'cuda-c++'"),  # the same words, spelled otherwise
    ("Tritons", "its id 'triton'"),  # a plural
    ("flash attention", None),  # other words: FlashAttention is one word
])
def test_a_name_two_concepts_share_is_an_error_where_it_is_repeated(tmp_path: Path, alias: str, other: str | None) -> None:
    from gpulist.checks import concept_alias_shared
    text = (BASE / "concepts.yml").read_text(encoding="utf-8").replace(
        "  description: IO-aware exact attention.\n", f"  description: IO-aware exact attention.\n  aliases: [{alias}]\n")
    catalog, _ = load(tmp_path, {"concepts.yml": text})
    found = concept_alias_shared.check(catalog)
    if other is None:
        assert found == []
    else:
        [problem] = found
        assert problem.line == 23 and problem.rule == "concept-alias-shared" and other in problem.message


def test_an_exact_repeat_is_reported_once_by_duplicate_id(tmp_path: Path) -> None:
    from gpulist.checks import concept_alias_shared, duplicate_ids
    text = (BASE / "concepts.yml").read_text(encoding="utf-8").replace(
        "  description: IO-aware exact attention.\n", "  description: IO-aware exact attention.\n  aliases: [CUDA-C++]\n")
    catalog, _ = load(tmp_path, {"concepts.yml": text})
    assert [p.rule for p in duplicate_ids.check(catalog)] == ["duplicate-id"]
    assert concept_alias_shared.check(catalog) == []
