"""`gpulist validate` on data/measured-elsewhere.yml: the broken cited-figures corpus, end to end.

Each case of tests/fixtures/broken_cited/ is the same minimal file of cited figures with one
mistake (an unknown GPU, source or metric, a unit that is not the metric's, a figure above the
vendor's peak, a missing date or conditions, a number as text), laid over a catalog whose GPU
file is broken_gpus/unknown-concept.yml without its mistake. Each must be answered with exactly
one located line through the real command line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_cited"
C = "data/measured-elsewhere.yml"
GPUS = (FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(encoding="utf-8").replace(
    "concept: hopper", "concept: cuda")

# (case, where, rule, message fragment)
CORPUS = [
    ("unknown-gpu.yml", C + ":11:10", "cited-gpu", "unknown GPU 'gpu-on': did you mean 'gpu-one'?"),
    ("unknown-source.yml", C + ":26:13", "cited-source", "unknown source 'vendor-table': did you mean 'vendor-tables'?"),
    ("unknown-metric.yml", C + ":12:13", "cited-metric", "'bf16' is not a measurable column of the GPU table: did you "
     "mean 'dense.bf16'?"),
    ("unit-of-metric.yml", C + ":25:11", "cited-metric", "memory_bandwidth_gbs is measured in GB/s, not TFLOPS"),
    ("above-peak.yml", C + ":13:12", "cited-peak", "dense.bf16 600 TFLOPS is 120% of the vendor's peak for gpu-one "
     "(500 TFLOPS"),
    ("missing-date.yml", C + ":22:5", "cited-conditions", 'the source\'s snapshot date ("2026-08-22") with '
     "`date_of: source-snapshot`"),
    ("missing-date-of.yml", C + ":11:5", "cited-conditions", "a cited figure needs `date_of`"),
    ("missing-conditions.yml", C + ":22:5", "cited-conditions", "needs the `conditions` its source publishes"),
    ("empty-conditions.yml", C + ":28:17", "cited-conditions", "at least one of them"),
    ("value-as-text.yml", C + ":24:12", "figure-type", "figures[1].value: must be a number, not text: write 4800"),
    ("date-not-iso.yml", C + ":30:11", "cited-date", "'1 May 2026' is not a date: write it as YYYY-MM-DD"),
    ("missing-where.yml", C + ":11:5", "missing-field", "missing required field 'figures[0].where'"),
    ("unknown-field.yml", C + ":20:7", "unknown-field", "unknown field 'figures[0].conditions.gpu_clock'"),
    ("source-without-url.yml", C + ":4:5", "missing-field", "missing required field 'sources[0].url'"),
    ("not-a-mapping.yml", C + ":1:1", "file-shape", "expected a mapping, found a list"),
]


def test_every_broken_cited_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_cited_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    (data / "measured-elsewhere.yml").write_text((BROKEN / case).read_text(encoding="utf-8"), encoding="utf-8")
    one_located_error(capsys, where, rule, fragment)


def test_the_same_file_without_its_mistake_passes(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixed = (BROKEN / "unknown-gpu.yml").read_text(encoding="utf-8").replace("gpu: gpu-on\n", "gpu: gpu-one\n")
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    (data / "measured-elsewhere.yml").write_text(fixed, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_measured_elsewhere_file_is_optional(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "gpus.yml").write_text(GPUS, encoding="utf-8")
    assert not (data / "measured-elsewhere.yml").exists()
    assert run_cli(capsys, "validate")[0] == 0
