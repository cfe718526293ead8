"""`gpulist validate` on data/paths.yml: the broken-paths corpus, end to end.

Each case of tests/fixtures/broken_paths/ is one mistake an editor of the reading paths can
make. As for resources, each must be answered with exactly one located line (file, line,
column, rule) through the real command line. A file case becomes data/paths.yml of the
minimal catalog; a folder case is laid over data/ (for a path that needs its own entries).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN_PATHS = FIXTURES / "broken_paths"
P = "data/paths.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("unknown-entry.yml", P + ":8:14", "path-unknown-entry",
     "unknown entry 'flashattention-3': did you mean 'flashattention-2'?"),
    ("duplicate-step.yml", P + ":10:14", "path-duplicate-step", "entry 'flashattention-2' is already step 1 of this path"),
    ("too-many-steps", P + ":21:7", "path-too-long", "this path has 16 steps, more than 15"),
    ("duplicate-path-id.yml", P + ":7:7", "duplicate-id", "path 'attention-first' is declared twice"),
    ("missing-why.yml", P + ":6:7", "missing-field", "missing required field 'steps[0].why'"),
    ("why-two-lines.yml", P + ":7:12", "one-line", "steps[0].why: must be one line"),
    ("audience-two-lines.yml", P + ":4:13", "one-line", "audience: must be one line: say in a sentence who the path is for"),
    ("why-curation-talk.yml", P + ":7:12", "curation-talk", "'per the guide' speaks of how the list was made"),
    ("unknown-field.yml", P + ":3:3", "unknown-field", "unknown field 'titel': did you mean 'title'?"),
    ("empty-steps.yml", P + ":5:10", "invalid-value", "steps must list at least 1 item, not 0"),
    ("not-a-list.yml", P + ":1:1", "file-shape", "expected a list of paths, found a mapping"),
    ("yaml-syntax.yml", P + ":7:1", "yaml-syntax", "YAML syntax error"),
    ("entry-not-text.yml", P + ":6:14", "wrong-type", "steps[0].entry must be text, but YAML reads 42 as a number"),
    ("bad-path-id.yml", P + ":2:7", "bad-id", "'Attention_First' is not a valid id"),
]




def test_every_broken_paths_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN_PATHS.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_paths_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(data, BROKEN_PATHS / case, "paths.yml")
    one_located_error(capsys, where, rule, fragment)


def test_a_valid_paths_file_passes(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fixed = (BROKEN_PATHS / "unknown-entry.yml").read_text(encoding="utf-8").replace("flashattention-3", "flashattention-2")
    (data / "paths.yml").write_text(fixed, encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_paths_file_is_optional(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert not (data / "paths.yml").exists()
    assert run_cli(capsys, "validate")[0] == 0
