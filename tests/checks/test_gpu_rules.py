"""The GPU rules beyond the broken-GPUs corpus (tests/cli/test_validate_gpus.py): where the
sparse rule draws its line, peaks given twice, and references made by the calculators."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import gpu_duplicate, gpu_figure_twice, gpu_refs, gpu_sparse, gpu_text
from tests.catalogs import FIXTURES, load

VALID = (FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(encoding="utf-8").replace(
    "concept: hopper", "concept: cuda")


def _catalog(tmp_path: Path, old: str = "", new: str = ""):
    assert old == "" or VALID.count(old) == 1
    catalog, problems = load(tmp_path, {"gpus.yml": VALID.replace(old, new) if old else VALID}, base=True)
    assert problems == []
    return catalog


@pytest.mark.parametrize(("dense", "sparse", "flagged"), [
    ("362.05", "733", False),  # the L40S datasheet's own pair: vendors round each figure
    ("500", "1000", False),
    ("500", "1060", True),
    ("500", "500", True),
    ("1000", "500", True),  # the two swapped
])
def test_sparse_rates_must_be_twice_the_dense_ones(tmp_path: Path, dense: str, sparse: str, flagged: bool) -> None:
    catalog = _catalog(tmp_path, "        dense:\n          bf16: 500\n        sparse:\n          bf16: 1000\n",
                       f"        dense:\n          bf16: {dense}\n        sparse:\n          bf16: {sparse}\n")
    found = gpu_sparse.check(catalog)
    assert bool(found) == flagged
    if flagged:
        assert found[0].rule == "gpu-sparse" and "one of them is the other kind" in found[0].message


def test_a_dense_and_a_sparse_rate_from_two_groups_are_compared(tmp_path: Path) -> None:
    second_group = "        compute_capability: \"9.0\"\n"
    catalog = _catalog(tmp_path, second_group, second_group + "        sparse:\n          fp8: 900\n")
    assert gpu_sparse.check(catalog) == []  # no dense fp8 to compare it with
    with_dense = _catalog(tmp_path / "b", "          bf16: 500\n        sparse:\n",
                          "          bf16: 500\n          fp8: 1000\n        sparse:\n")
    assert gpu_sparse.check(with_dense) == []  # no sparse fp8 to compare
    both = VALID.replace("          bf16: 500\n        sparse:\n", "          bf16: 500\n          fp8: 1000\n        sparse:\n")
    both = both.replace(second_group, second_group + "        sparse:\n          fp8: 1000\n")
    catalog, problems = load(tmp_path / "c", {"gpus.yml": both}, base=True)
    assert problems == []
    (problem,) = gpu_sparse.check(catalog)
    assert problem.message.startswith("sparse fp8 (1000) is 1.00 times the dense fp8 (1000)")
    assert problem.line == both.splitlines().index("          fp8: 1000", 30) + 1


def test_a_peak_given_by_two_groups_is_reported_at_the_second(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "        shared_memory_kb: 228\n",
                       "        shared_memory_kb: 228\n        dense:\n          bf16: 500\n")
    (problem,) = gpu_figure_twice.check(catalog)
    assert problem.message.startswith("dense bf16 is already given by figures[0]")
    assert (problem.line, problem.col) == (36, 17)


def test_calculators_name_gpus_and_models_that_exist(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "    gpu: gpu-two\n    model: small-model\n", "    gpu: gpu-nine\n    model: large-network\n")
    messages = sorted(p.message for p in gpu_refs.check(catalog))
    assert messages == ["unknown GPU 'gpu-nine': did you mean 'gpu-one'?",
                        "unknown model 'large-network' (no model has this id)"]


def test_names_repeat_whatever_their_case_but_ids_of_different_lists_do_not_clash(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "  - id: small-model\n", "  - id: vendor-sheet\n")
    assert gpu_duplicate.check(catalog) == []  # a model may share an id with a source


def test_titles_of_copies_are_plain_text_too(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "      title: A reseller's copy of the guide\n",
                       "      title: A copy <img src=x onerror=alert(1)>\n")
    (problem,) = gpu_text.check(catalog)
    assert (problem.rule, problem.line) == ("gpu-markup", 13)


def test_rules_are_silent_without_a_gpu_file(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, base=True)
    assert catalog.gpus is None
    assert [c(catalog) for c in (gpu_refs.check, gpu_duplicate.check, gpu_figure_twice.check, gpu_sparse.check,
                                 gpu_text.check)] == [[], [], [], [], []]
