"""`gpulist validate` on data/style.yml: the broken-style corpus, end to end.

Each case of tests/fixtures/broken_style/ is one mistake a curator extending the house style
can make; it becomes data/style.yml of the minimal catalog and must be answered with exactly
one located line (file, line, column, rule) through the real command line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN_STYLE = FIXTURES / "broken_style"
S = "data/style.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("not-a-mapping.yml", S + ":1:1", "file-shape", "expected a mapping, found a list"),
    ("unknown-field.yml", S + ":2:1", "unknown-field", "unknown field 'curation_tallk': did you mean 'curation_talk'?"),
    ("phrases-not-a-list.yml", S + ":2:16", "wrong-type", "curation_talk must be a list, not the text 'sibling list'"),
    ("phrase-not-text.yml", S + ":4:5", "wrong-type", "curation_talk[1] must be text, but YAML reads 42 as a number"),
    ("phrase-too-short.yml", S + ":4:5", "phrase-shape", "'ok' is too short to match only curation talk"),
    ("phrase-two-lines.yml", S + ":4:5", "phrase-shape", "a phrase is one line of words"),
    ("yaml-syntax.yml", S + ":3:1", "yaml-syntax", "YAML syntax error"),
]


def test_every_broken_style_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN_STYLE.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_style_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(data, BROKEN_STYLE / case, "style.yml")
    one_located_error(capsys, where, rule, fragment)


def test_style_file_is_optional_and_without_it_no_phrase_is_refused(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A list that keeps no style file checks no words: the phrases are the curators' data, not code."""
    (data / "style.yml").unlink()
    (data / "resources" / "talk.yml").write_text(
        (FIXTURES / "broken" / "title-curation-talk.yml").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate")
    assert (code, error_lines(out)) == (0, [])


def test_a_curator_extends_the_phrases(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "resources" / "pick.yml").write_text(
        "title: Notes on kernels\nurl: https://example.org/pick\ntype: blog\ntopic: fundamentals\ntier: 1\neffort: hour\n"
        "notes:\n  - Kernel notes the reviewer has not opened yet, from the backlog of picks.\nadded: 2025-01-01\n",
        encoding="utf-8")
    assert run_cli(capsys, "validate")[0] == 0
    with (data / "style.yml").open("a", encoding="utf-8") as fh:
        fh.write("  - from the backlog\n")
    code, out, _ = run_cli(capsys, "validate")
    assert code == 1
    assert error_lines(out) == ["data/resources/pick.yml:8:5: error: 'from the backlog' speaks of how the list was "
                                "made, not of the resource: say what a reader learns (an entry's sourcing goes in "
                                "`provenance:`; the phrases are listed in data/style.yml) [curation-talk]"]
