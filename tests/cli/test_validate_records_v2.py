"""`gpulist validate` on version 2 records (labs/RECORDS.md): the broken corpus, end to end.

Each case is a record that labs/harness's own build_record made from synthetic points (tests/
fixtures/records_v2.py), written with its trace by the harness's dump, with one mistake a run
or a hand could make: a prediction with no model, a share computed against a bound, a point
without spread or sample count, a counter not in data/counters.yml or in the wrong unit, a
throttled point not flagged, a trace that is not JSON or over its size limit, and the rules'
other edges. Each must be answered with exactly one located line, and the record without
its mistake with none.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture
from tests.conftest import DATA
from tests.fixtures import records_v2

BASE = FIXTURES / "measurement_base"
R = "data/measurements/gpu-one/coalescing.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("v2-prediction-no-model", R + ":57:16", "measurement-model", "series 'stride' has a `predicted` value but names "
     "no `model`"),
    ("v2-unknown-model", R + ":51:10", "measurement-model", "model 'dram-granularty' is not one of the record's "
     "`models`: did you mean 'dram-granularity'?"),
    ("v2-term-from", R + ":42:5", "measurement-model", "term B is measured: say by which lab in `from`"),
    ("v2-share-against-bound", R + ":175:30", "measurement-bound", "this ratio is computed against a bound, not a "
     "model"),
    ("v2-prediction-and-bound", R + ":64:12", "measurement-bound", "a model's prediction or a bound, never both"),
    ("v2-bounds-only", R + ":63:12", "measurement-bound", "4 of the lab's 7 points are bounds only: at most a "
     "quarter may be"),
    ("v2-ratio-arithmetic", R + ":171:31", "measurement-bound", "ratio 0.5 disagrees with its numbers, which give "
     "0.9667 (x-model)"),
    ("v2-no-spread", R + ":75:5", "measurement-spread", "the point at x = 4 has no q1, q3"),
    ("v2-no-count", R + ":86:5", "measurement-spread", "the point at x = 8 has no n"),
    ("v2-quartiles", R + ":53:5", "measurement-spread", "q1 2950.0 <= y 2900.0 <= q3 2912.0 does not hold"),
    ("v2-runs-count", R + ":75:11", "measurement-spread", "2 run medians for a record merged from 1 run"),
    ("v2-unknown-counter", R + ":148:16", "measurement-counter", "counter 'dram__bytes_red.sum' is not in "
     "data/counters.yml: did you mean 'dram__bytes_read.sum'?"),
    ("v2-counter-unit", R + ":154:89", "measurement-counter", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum is "
     "counted in 'sector' (data/counters.yml), not 'byte'"),
    ("v2-counters-missing-why", R + ":139:3", "measurement-counter", "counters are missing: say why in `reason`"),
    ("v2-throttle-unflagged", R + ":114:16", "measurement-throttle", "the point at x = 32 ran with sw_power_cap among "
     "its clock-event reasons: it is `throttled: true`"),
    ("v2-throttle-unsaid", R + ":125:5", "measurement-throttle", "the point at x = 1 does not say `throttled`"),
    ("v2-trace-not-json", R + ":168:10", "measurement-trace", "is not valid JSON once unzipped"),
    ("v2-trace-too-big", R + ":168:10", "measurement-trace", "bytes gzipped, over the 262,144 a trace may be"),
    ("v2-trace-not-gzip", R + ":168:10", "measurement-trace", "is not gzip"),
    ("v2-trace-missing", R + ":168:10", "measurement-trace", "trace coalescing.graph.trace.json.gz is not beside the "
     "record"),
    ("v2-trace-bytes", R + ":168:95", "measurement-trace", "the trace is 268 bytes, not 269"),
]


@pytest.fixture(name="lab_data")
def lab_catalog(data: Path) -> Path:
    for name in ("gpus.yml", "labs.yml"):
        shutil.copy(BASE / name, data / name)
    shutil.copy(DATA / "counters.yml", data / "counters.yml")
    return data


def lay(data: Path, files: dict[str, bytes]) -> None:
    for rel, content in files.items():
        (data / rel).parent.mkdir(parents=True, exist_ok=True)
        (data / rel).write_bytes(content)


def test_every_case_of_the_corpus_is_tested() -> None:
    assert sorted(records_v2.CASES) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_v2_record_gets_one_located_error(
    lab_data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay(lab_data, records_v2.broken_files(case))
    one_located_error(capsys, where, rule, fragment)


def test_the_harness_record_without_a_mistake_passes(lab_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As write_record writes it, trace beside it; and merged from three runs: no problem at all."""
    records_v2.write(lab_data / "measurements", "gpu-one")
    assert run_cli(capsys, "validate")[0] == 0
    merged = lab_data / "measurements" / "gpu-one" / "coalescing.yml"
    merged.write_text(records_v2.dump(records_v2.merged("gpu-one")), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_a_counter_without_the_catalogue_is_refused(lab_data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records_v2.write(lab_data / "measurements", "gpu-one")
    (lab_data / "counters.yml").unlink()
    code, out, _ = run_cli(capsys, "validate")
    lines = error_lines(out)
    assert code == 1 and len(lines) == len(records_v2.COUNTERS)
    assert all("is not in data/counters.yml" in line for line in lines)
