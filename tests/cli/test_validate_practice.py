"""`gpulist validate` on data/practice.yml: the broken-practice corpus, end to end.

Each case of tests/fixtures/broken_practice/ is the same two-problem file with one mistake an
author of a problem can make: an unknown concept, a problem listed twice, a formula that is not
arithmetic or names a dimension no shape has, shapes of different names, too few shapes, a
forbidden call the grader cannot read, a tolerance on an exact problem, an unknown dtype or
field. Each is answered with exactly one located line (file, line, column, rule).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_practice"
P = "data/practice.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("unknown-concept.yml", P + ":7:22", "practice-ref", "unknown concept 'tritn': did you mean 'triton'?"),
    ("duplicate-problem.yml", P + ":15:9", "practice-ref", "problem 'row-copy' is listed twice (first as problems[0])"),
    ("formula-not-arithmetic.yml", P + ":23:12", "invalid-value", "only numbers, names and + - * / // ** are allowed"),
    ("formula-unknown-name.yml", P + ":23:12", "practice-ref", "`flops` uses K, which no shape names"),
    ("shapes-differ.yml", P + ":13:34", "practice-ref", "this shape names K, M; the first names M, N"),
    ("too-few-shapes.yml", P + ":13:13", "invalid-value", "shapes must list at least 3 items, not 2"),
    ("bad-forbidden.yml", P + ":14:30", "invalid-value", "forbidden[1] has an unexpected format: 'clone'"),
    ("rtol-on-exact.yml", P + ":10:11", "practice-ref", "an exact problem has no tolerance"),
    ("unknown-dtype.yml", P + ":8:12", "invalid-value", "dtype must be one of fp32, fp16, bf16 or int32 (found 'float32')"),
    ("unknown-field.yml", P + ":11:5", "unknown-field", "unknown field 'problems[0].resources'"),
    ("not-a-mapping.yml", P + ":1:1", "file-shape", "expected a mapping, found a list"),
]


def test_every_broken_practice_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_practice_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(data, BROKEN / case, "practice.yml")
    one_located_error(capsys, where, rule, fragment)


def test_the_same_file_without_its_mistake_passes(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixed = (BROKEN / "unknown-concept.yml").read_text(encoding="utf-8").replace("tritn", "triton")
    (data / "practice.yml").write_text(fixed, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_practice_file_is_optional(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not (data / "practice.yml").exists()
    assert run_cli(capsys, "validate")[0] == 0
