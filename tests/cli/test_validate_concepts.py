"""`gpulist validate` on data/concepts.yml: the broken-concepts corpus, end to end.

Each case of tests/fixtures/broken_concepts/ is one mistake an editor of the vocabulary can
make, appended to the minimal catalog's concepts. As for resources and paths, each must be
answered with exactly one located line (file, line, column, rule) through the real command
line. A file case becomes data/concepts.yml; a folder case is laid over data/ (for a case
that needs entries of its own).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.catalogs import FIXTURES, error_lines, lay_over, one_located_error, run_cli
from tests.catalogs import catalog_here  # noqa: F401 - the `data` fixture

BROKEN = FIXTURES / "broken_concepts"
C = "data/concepts.yml"

# (case, where, rule, message fragment)
CORPUS = [
    ("requires-loop.yml", C + ":49:14", "concept-cycle", "`requires` loops: aaa → bbb → ccc → aaa"),
    ("requires-self.yml", C + ":33:20", "concept-ref", "'aaa' names itself in `requires`"),
    ("related-self.yml", C + ":33:13", "concept-ref", "'aaa' names itself in `related`"),
    ("unknown-requires.yml", C + ":33:14", "concept-ref", "unknown concept 'cudaa' in `requires`: did you mean 'cuda'?"),
    ("unknown-related.yml", C + ":33:13", "concept-ref", "unknown concept 'nothing-like-it' in `related`"),
    ("unknown-start.yml", C + ":32:43", "concept-ref",
     "unknown entry 'flashattention-3' in `start`: did you mean 'flashattention-2'?"),
    ("missing-definition.yml", C + ":26:7", "concept-definition", "concept 'aaa' has no `definition`"),
    ("short-definition.yml", C + ":29:15", "concept-definition", "definition too short (2 words, 1 sentence)"),
    ("definition-html.yml", C + ":29:15", "concept-definition", "a definition is plain text"),
    ("definition-javascript-link.yml", C + ":29:15", "concept-definition", "a definition is plain text"),
    ("definition-curation-talk.yml", C + ":29:15", "curation-talk", "'sibling list' speaks of how the list was made"),
    ("too-few-entries.yml", C + ":26:7", "concept-entries", "concept 'aaa' has 1 entry"),
    ("too-many-start", C + ":32:10", "invalid-value", "start must list at most 3 items, not 4"),
    ("glossary-javascript.yml", C + ":33:13", "url-scheme", "glossary: URLs must start with http:// or https://"),
    ("duplicate-concept.yml", C + ":26:7", "duplicate-id", "concept or alias 'triton' is declared twice"),
    ("area-unknown.yml", C + ":28:9", "invalid-value",
     "area must be one of hardware, kernels, tools, numerics, serving or systems (found 'hardwear')"),
    ("alias-shared.yml", C + ":28:31", "concept-alias-shared", "alias 'CUDA C++' also names concept 'cuda' (its alias 'cuda-c++')"),
    ("unknown-field.yml", C + ":33:3", "unknown-field", "unknown field 'relatd': did you mean 'related'?"),
    ("requires-not-a-list.yml", C + ":33:13", "wrong-type", "requires must be a list, not the text 'cuda'"),
    ("check-no-answer.yml", C + ":39:5", "missing-field", "missing required field 'check[1].answer'"),
    ("check-no-id.yml", C + ":39:5", "missing-field",
     "missing required field 'check[1].id' (every check question needs a stable id: run `python -m gpulist.contribute.question_ids`"),
    ("check-duplicate-id.yml", C + ":39:9", "check-id",
     "check question id 'aaa-tiled-kernel-read' is already used in this concept: each question's id must be unique"),
    ("check-unknown-source.yml", C + ":44:13", "concept-check",
     "unknown entry 'flashattention-3' in `check[1].source`: did you mean 'flashattention-2'?"),
    ("check-answer-html.yml", C + ":41:13", "concept-check", "an answer is plain text"),
    ("check-answer-url.yml", C + ":41:13", "concept-check", "an answer is plain text"),
    ("check-too-many.yml", C + ":33:3", "invalid-value", "check must list at most 4 items, not 5"),
    ("check-too-few.yml", C + ":33:3", "invalid-value", "check must list at least 2 items, not 1"),
    ("problem-javascript.yml", C + ":47:10", "url-scheme",
     "problems[0].url: URLs must start with http:// or https:// (found 'javascript:')"),
    ("problem-unknown-platform.yml", C + ":48:15", "invalid-value",
     "problems[0].platform must be one of gpu-mode, leetgpu, tensara or kernelbench (found 'codeforces')"),
    # Issue 45: a vendor term that names an unknown concept is refused, where it is written.
    ("vendor-term-unknown-concept.yml", C + ":36:14", "vendor-term",
     "vendor term 'Matrix cores (MFMA units)' names unknown concept 'matrix-corez' (not in concepts.yml)"),
    ("vendor-term-twice.yml", C + ":36:5", "vendor-term", "vendor 'amd' lists 'wavefront (warp)' twice in `vendor_terms`"),
    ("vendor-term-unknown-vendor.yml", C + ":34:13", "invalid-value",
     "vendor_terms[0].vendor must be one of nvidia, amd or tpu (found 'intel')"),
    ("metric-javascript-url.yml", C + ":36:10", "url-scheme",
     "metrics[0].url: URLs must start with http:// or https:// (found 'javascript:')"),
]




def test_every_broken_concepts_fixture_has_a_case() -> None:
    assert sorted(p.name for p in BROKEN.iterdir()) == sorted(c[0] for c in CORPUS)


@pytest.mark.parametrize(("case", "where", "rule", "fragment"), CORPUS, ids=[c[0] for c in CORPUS])
def test_broken_concepts_file_gets_one_located_error(
    data: Path, capsys: pytest.CaptureFixture[str], case: str, where: str, rule: str, fragment: str
) -> None:
    lay_over(data, BROKEN / case, "concepts.yml")
    one_located_error(capsys, where, rule, fragment)


def _chain(n: int, loop: bool) -> str:
    """The minimal vocabulary, then n concepts, each requiring the one before; with `loop`,
    the first requires the last."""
    items = [(FIXTURES / "catalog" / "concepts.yml").read_text(encoding="utf-8")]
    for i in range(n):
        requires = f"[c{i - 1}]" if i else (f"[c{n - 1}]" if loop else "[]")
        items.append(f"- id: c{i}\n  title: Concept {i}\n  description: One of many.\n  definition: >-\n"
                     f"    Concept number {i} of a long chain, each requiring the one before it. It exists to\n"
                     f"    show that a long vocabulary is checked quickly and without recursion.\n"
                     f"  requires: {requires}\n  start: [flashattention-2, semianalysis]\n")
    return "".join(items)


def test_five_thousand_concepts_in_one_file_are_checked_promptly(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 5,000-long chain with a loop through all of it is over the default file size (1 MB):
    one located refusal, nothing read. With the limit raised in pyproject.toml it is read and
    checked: one error naming the whole loop, no RecursionError, no hang (a generous bound;
    it takes about a second here)."""
    (data / "concepts.yml").write_text(_chain(5000, loop=True), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", "--data", "data")
    assert code == 1 and [x for x in error_lines(out) if "concepts.yml" in x][0].endswith("[file-too-large]")
    (data.parent / "pyproject.toml").write_text("[tool.gpulist.files]\nmax_bytes = 4000000\n", encoding="utf-8")
    started = time.perf_counter()
    code, out, _ = run_cli(capsys, "validate", "--data", "data")
    assert time.perf_counter() - started < 60
    [line] = error_lines(out)
    assert line.endswith("[concept-cycle]") and line.count("→") == 5000 and code == 1
    (data / "concepts.yml").write_text(_chain(5000, loop=False), encoding="utf-8")
    code, out, _ = run_cli(capsys, "validate", "--data", "data")
    assert (code, error_lines(out)) == (0, [])
