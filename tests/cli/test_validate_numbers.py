"""`gpulist validate` on references to spec numbers in prose: the broken-numbers corpus, end to end.

Each case of tests/fixtures/broken_numbers/ is the minimal concepts.yml with one mistake in a
definition, beside the minimal GPU file of tests/fixtures/broken_gpus: a reference to an unknown
GPU, an unknown field, a figure the row lacks, a unit of another quantity, braces that are no
reference, an unmeasured metric, and a spec number typed 10% off its row. Each is answered with
exactly one located line, at the column where the reference (or the number) starts.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_numbers"
GPUS = (FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(encoding="utf-8").replace(
    "concept: hopper", "concept: cuda")

# (case, what starts where the problem is reported, rule, message fragment)
CORPUS = [
    ("unknown-gpu.yml", "{{gpu.gpu-on", "number-ref", "unknown GPU 'gpu-on' in '{{gpu.gpu-on.compute_units}}': did you mean 'gpu-one'?"),
    ("unknown-field.yml", "{{gpu.gpu-one", "number-ref", "unknown field 'memory_gbs' in '{{gpu.gpu-one.memory_gbs}}' (one of year,"),
    ("figure-missing.yml", "{{gpu.gpu-two", "number-ref", "the gpu-two row in data/gpus.yml gives no memory_gb"),
    ("wrong-unit.yml", "{{gpu.gpu-one", "number-ref", "'TFLOPS' in '{{gpu.gpu-one.memory_bandwidth_gbs:TFLOPS}}' is not a unit"),
    ("not-a-reference.yml", "{{gpu-one", "number-ref", "'{{gpu-one bandwidth}}' is not a reference: write {{gpu.<gpu id>.<field>}}"),
    ("unmeasured.yml", "{{measured", "number-ref", "the gpu-one lab records measure no memory_bandwidth_gbs"),
]


def _where(case: str, needle: str) -> str:
    lines = (BROKEN / case).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if needle in text)
    return f"data/concepts.yml:{line + 1}:{lines[line].index(needle) + 1}"


@pytest.mark.parametrize(("case", "needle", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_each_broken_reference_is_one_located_error(data: Path, capsys: pytest.CaptureFixture[str], case: str,
                                                    needle: str, rule: str, fragment: str) -> None:
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    (data / "concepts.yml").write_text((BROKEN / case).read_text(encoding="utf-8"), encoding="utf-8")
    one_located_error(capsys, _where(case, needle), rule, fragment)


def test_a_figure_typed_off_its_row_is_a_located_warning(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    (data / "concepts.yml").write_text((BROKEN / "wrong-figure.yml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", "--data", "data")
    (line,) = [x for x in error_lines(out) if x.endswith("[prose-number]")]
    assert code == 0  # a warning: the rule reads English (gpulist.checks.prose_numbers)
    assert line.startswith(_where("wrong-figure.yml", "2.2 TB/s") + ": warning: ")
    assert "'2.2 TB/s' beside 'GPU One' is 10% off" in line and "as 2,000 GB/s: write {{gpu.gpu-one.memory_bandwidth_gbs}}" in line


def test_the_valid_references_pass(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    concepts = (BROKEN / "wrong-figure.yml").read_text(encoding="utf-8").replace(
        "2.2 TB/s", "{{gpu.gpu-one.memory_bandwidth_gbs:TB/s}} ({{gpu.gpu-two.gfx_target}}, {{quoted:55 TFLOPS}})")
    (data / "concepts.yml").write_text(concepts, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", "--data", "data")
    assert code == 0 and not [x for x in error_lines(out) if "number" in x.rsplit("[", 1)[-1]], out
