"""`gpulist validate` on the labs' records and catalogue: the broken-records corpus, end to end.

Each case of tests/fixtures/broken_measurements/ is laid over a catalog holding the minimal
GPU file and labs catalogue of tests/fixtures/measurement_base/: a record of the roofline lab
on gpu-one with one mistake a run, or a hand, could make (RECORD.md's rules: an unknown lab,
GPU or concept, a missing condition, a unit in a number field or outside its field's list, a
ceiling over the vendor's peak, zeros or an unchecked kernel, a path that disagrees with the
fields), or a labs.yml with one. Each must be answered with exactly one located line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_measurements"
BASE = FIXTURES / "measurement_base"
R = "data/measurements/gpu-one/roofline.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("unknown-lab", "data/measurements/gpu-one/roofine.yml:2:6", "measurement-ref",
     "unknown lab 'roofine': did you mean 'roofline'?"),
    ("unknown-gpu", "data/measurements/gpu-nine/roofline.yml:3:6", "measurement-ref",
     "unknown GPU 'gpu-nine': did you mean 'gpu-one'?"),
    ("lab-unknown-concept", "data/labs.yml:14:22", "lab-ref", "unknown concept 'tritn': did you mean 'triton'?"),
    ("lab-script", "data/labs.yml:12:13", "lab-ref", "the script of lab 'coalescing' is labs/coalescing.py"),
    ("missing-condition", R + ":5:3", "missing-field", "missing required field 'conditions.driver'"),
    ("missing-method-field", R + ":28:3", "missing-field", "missing required field 'method.timer'"),
    ("unit-in-number", R + ":59:8", "figure-unit", "series[0].points[1].y: is a number of the axis's unit: write the "
     "number alone (found '3.2 TFLOPS')"),
    ("unit-outside-list", R + ":52:11", "measurement-unit", "series[0].y.unit: 'TFLOP/s' is not a measured unit"),
    ("ceiling-unit", R + ":99:3", "measurement-unit", "memory_bandwidth_gbs is measured in GB/s, not TFLOPS"),
    ("over-peak", R + ":100:10", "measurement-peak", "memory_bandwidth_gbs 2100 GB/s is 105% of the vendor's peak "
     "(2000 GB/s, data/gpus.yml)"),
    ("zeros", R + ":33:9", "measurement-method", "measured on 'zeros' data"),
    ("unchecked", R + ":34:12", "measurement-method", "an unchecked kernel writes no timing"),
    ("path-mismatch", "data/measurements/gpu-one/coalescing.yml:2:6", "measurement-path",
     "belongs at data/measurements/gpu-one/roofline.yml"),
    ("text-on-log-axis", R + ":55:8", "measurement-series", "x is the text 'small' on a log2 axis"),
    ("duplicate-series", R + ":89:7", "measurement-series", "series 'cuda-cores' is listed twice"),
    ("not-a-mapping", R + ":1:1", "file-shape", "expected a mapping of fields (lab: ..., gpu: ...), found a list"),
]


@pytest.fixture(name="lab_data")
def lab_catalog(data: Path) -> Path:
    for name in ("gpus.yml", "labs.yml"):
        shutil.copy(BASE / name, data / name)
    return data


def test_every_broken_measurements_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_record_gets_one_located_error(
    lab_data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(lab_data, BROKEN / case, "labs.yml")
    one_located_error(capsys, where, rule, fragment)


def test_the_record_without_its_mistake_passes(lab_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The corpus's valid record, at its own path: no problem at all, so each case's one error is its mistake."""
    from tests.fixtures.make_records import valid_record
    import yaml

    target = lab_data / "measurements" / "gpu-one" / "roofline.yml"
    target.parent.mkdir(parents=True)
    target.write_text(yaml.safe_dump(valid_record(), sort_keys=False), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_a_ceiling_within_three_percent_of_the_peak_passes(lab_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Vendors round their peaks: 2,060 GB/s against a rated 2,000 is rounding, 2,061 is not."""
    source = (BROKEN / "over-peak" / "measurements" / "gpu-one" / "roofline.yml").read_text(encoding="utf-8")
    target = lab_data / "measurements" / "gpu-one" / "roofline.yml"
    target.parent.mkdir(parents=True)
    for value, code in (("2060.0", 0), ("2061.0", 1)):
        target.write_text(source.replace("value: 2100.0", f"value: {value}"), encoding="utf-8")
        assert run_cli(capsys, "validate")[0] == code, value


def test_records_and_labs_are_optional(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not (data / "labs.yml").exists() and not (data / "measurements").exists()
    assert run_cli(capsys, "validate")[0] == 0
