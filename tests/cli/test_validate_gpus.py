"""`gpulist validate` on data/gpus.yml: the broken-GPUs corpus, end to end.

Each case of tests/fixtures/broken_gpus/ is the same minimal GPU file with one mistake an
editor of the numbers can make: markup, a script URL, an unknown id, a duplicate, a number
as text, a negative or unit-carrying number, a sparse rate posing as dense. Each must be
answered with exactly one located line (file, line, column, rule) through the real
command line, as for resources, concepts and paths.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_gpus"
G = "data/gpus.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("markup-in-name.yml", G + ":17:11", "gpu-markup", "plain text only: no HTML"),
    ("link-in-where.yml", G + ":23:16", "gpu-markup", "Markdown links or addresses"),
    ("source-javascript.yml", G + ":7:10", "url-scheme", "sources[0].url: URLs must start with http:// or https://"),
    ("via-javascript.yml", G + ":14:12", "url-scheme", "sources[1].via.url: URLs must start with http://"),
    ("source-without-address.yml", G + ":4:5", "source-address", "a source needs a `url`, or a `via` with a `url`"),
    ("unknown-concept.yml", G + ":20:14", "gpu-ref", "unknown concept 'hopper' (not in concepts.yml)"),
    ("unknown-source.yml", G + ":31:17", "gpu-ref", "unknown source 'vendor-guides': did you mean 'vendor-guide'?"),
    ("unknown-entry.yml", G + ":67:15", "gpu-ref", "unknown entry 'semianalysys': did you mean 'semianalysis'?"),
    ("duplicate-gpu.yml", G + ":45:9", "gpu-duplicate", "GPU 'gpu-one' is listed twice (first as gpus[0])"),
    ("duplicate-name.yml", G + ":36:11", "gpu-duplicate", "GPU name 'gpu one' is listed twice"),
    ("duplicate-source.yml", G + ":15:9", "gpu-duplicate", "source 'vendor-sheet' is listed twice"),
    ("number-as-string.yml", G + ":24:24", "figure-type", "compute_units: must be a number, not text: write 100 without quotes"),
    ("boolean-number.yml", G + ":44:16", "figure-type", "tdp_w: must be a number, not the boolean true"),
    ("negative-bandwidth.yml", G + ":43:31", "figure-range",
     "memory_bandwidth_gbs: must be a positive number of GB/s (found -5300)"),
    ("unit-in-value.yml", G + ":26:31", "figure-unit", "is a number of GB/s, without the unit: write 2000 (found '2 TB/s')"),
    ("unit-in-wrong-field.yml", G + ":25:20", "figure-unit",
     "memory_gb: '750 W' is a power, but this field holds GB: a unit in the wrong field"),
    ("sparse-as-dense.yml", G + ":30:17", "gpu-sparse", "sparse bf16 (1000) is 1.00 times the dense bf16 (1000), not 2"),
    ("sparse-field-for-fp64.yml", G + ":31:11", "unknown-field", "unknown field 'gpus[0].figures[0].sparse.fp64'"),
    ("figure-twice.yml", G + ":34:31", "gpu-figure-twice", "memory_bandwidth_gbs is already given by figures[0]"),
    ("unknown-field.yml", G + ":25:9", "unknown-field", "unknown field 'gpus[0].figures[0].memory_gbs'"),
    ("missing-source.yml", G + ":40:9", "missing-field", "missing required field 'gpus[1].figures[0].source'"),
    ("capability-not-quoted.yml", G + ":33:29", "wrong-type", "put it in quotes (\"9.0\")"),
    ("not-a-mapping.yml", G + ":1:1", "file-shape", "expected a mapping, found a list"),
    ("kv-heads-not-dividing.yml", G + ":54:15", "model-shape", "12 KV heads do not divide 32 query heads"),
    ("not-supported-with-rate.yml", G + ":22:9", "not-supported-rate", "bf16: given a peak rate and listed as not supported"),
]


def test_every_broken_gpus_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_gpus_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(data, BROKEN / case, "gpus.yml")
    one_located_error(capsys, where, rule, fragment)


def test_the_same_file_without_its_mistake_passes(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixed = (BROKEN / "unknown-concept.yml").read_text(encoding="utf-8").replace("concept: hopper", "concept: cuda")
    (data / "gpus.yml").write_text(fixed, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_gpus_file_is_optional(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not (data / "gpus.yml").exists()
    assert run_cli(capsys, "validate")[0] == 0
