"""The cited-figure rules beyond the broken corpus (tests/cli/test_validate_cited.py): where the
peak rule draws its line, and that a figure the model dropped still has its references checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import cited_conditions, cited_gpu, cited_metric, cited_peak, cited_source
from tests.catalogs import FIXTURES, load

GPUS = (FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(encoding="utf-8").replace(
    "concept: hopper", "concept: cuda")
VALID = (FIXTURES / "broken_cited" / "unknown-gpu.yml").read_text(encoding="utf-8").replace(
    "gpu: gpu-on\n", "gpu: gpu-one\n")
RULES = (cited_gpu, cited_source, cited_metric, cited_peak, cited_conditions)


def _catalog(tmp_path: Path, old: str = "", new: str = "", *, valid: bool = True):
    assert old == "" or VALID.count(old) == 1
    cited = VALID.replace(old, new) if old else VALID
    catalog, problems = load(tmp_path, {"gpus.yml": GPUS, "measured-elsewhere.yml": cited}, base=True)
    assert (problems == []) == valid
    return catalog


def test_the_valid_file_passes_every_rule(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path)
    assert catalog.cited is not None and len(catalog.cited.figures) == 2
    assert [p for rule in RULES for p in rule.check(catalog)] == []


@pytest.mark.parametrize(("value", "flagged"), [("500", False), ("515", False), ("516", True), ("1000", True)])
def test_a_figure_over_the_peak_by_more_than_the_tolerance_is_refused(tmp_path: Path, value: str, flagged: bool) -> None:
    catalog = _catalog(tmp_path, "    value: 400\n", f"    value: {value}\n")  # gpu-one's dense bf16 peak is 500
    found = cited_peak.check(catalog)
    assert bool(found) == flagged
    if flagged:
        assert found[0].rule == "cited-peak" and "(500 TFLOPS, data/gpus.yml)" in found[0].message


def test_a_figure_without_a_vendor_peak_is_not_compared(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "    metric: dense.bf16\n", "    metric: dense.fp8\n")  # gpu-one has no fp8 peak
    assert cited_peak.check(catalog) == []


def test_a_figure_the_model_dropped_still_has_its_gpu_and_source_checked(tmp_path: Path) -> None:
    broken = "  - gpu: rtx-9000\n    metric: dense.bf16\n    value: \"400\"\n"
    catalog = _catalog(tmp_path, "  - gpu: gpu-one\n    metric: dense.bf16\n    value: 400\n", broken, valid=False)
    assert catalog.cited is None  # the file did not validate
    (problem,) = cited_gpu.check(catalog)
    assert problem.message == "unknown GPU 'rtx-9000' (no GPU of data/gpus.yml has this id)" and problem.line == 11


def test_the_metric_rule_suggests_the_column_meant(tmp_path: Path) -> None:
    catalog = _catalog(tmp_path, "    metric: dense.bf16\n", "    metric: BF16\n")
    (problem,) = cited_metric.check(catalog)
    assert "did you mean 'dense.bf16'?" in problem.message


def test_a_missing_date_without_a_known_source_asks_for_either_date(tmp_path: Path) -> None:
    old = '    source: vendor-tables\n    where: Bandwidth table, row GPU Two\n'
    catalog = _catalog(tmp_path, old + '    conditions:\n      notes: a 1 GiB copy, read and write counted\n'
                       '    date: "2026-05-01"\n', '    source: nowhere\n    where: Bandwidth table, row GPU Two\n'
                       '    conditions:\n      notes: a 1 GiB copy, read and write counted\n')
    (problem,) = cited_conditions.check(catalog)
    assert problem.message.endswith("write the measurement's or the source snapshot's date")
    assert [p.rule for p in cited_source.check(catalog)] == ["cited-source"]
