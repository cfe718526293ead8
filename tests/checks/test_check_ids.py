"""check-id: every check question's id is unique across data/concepts.yml, located at the repeat."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import check_ids
from tests.catalogs import FIXTURES, load

_BASE = (FIXTURES / "catalog" / "concepts.yml").read_text(encoding="utf-8")


def _q(qid: str) -> str:
    return (f"  - id: {qid}\n    question: Why tile?\n    answer: Each tile is read once. Every thread reuses it.\n"
            "    source: flashattention-2\n")


def test_an_id_used_by_another_concept_is_reported_where_it_is_repeated(tmp_path: Path) -> None:
    concepts = _BASE.replace("  requires: [cuda]\n", "  requires: [cuda]\n  check:\n" + _q("shared-id") + _q("own-id"), 1)
    concepts += "- id: zzz\n  title: Zzz\n  description: Another concept.\n  check:\n" + _q("shared-id") + _q("zzz-own")
    catalog, problems = load(tmp_path, {"concepts.yml": concepts}, base=True)
    assert [p.message for p in problems if p.rule != "concept-entries"] == []
    found = check_ids.check(catalog)
    line = concepts.splitlines().index("  - id: shared-id", concepts.splitlines().index("- id: zzz")) + 1
    assert [(p.line, p.col, p.rule) for p in found] == [(line, 9, "check-id")]
    assert found[0].message.startswith("check question id 'shared-id' is already used in concept '")


def test_distinct_ids_pass(tmp_path: Path) -> None:
    concepts = _BASE.replace("  requires: [cuda]\n", "  requires: [cuda]\n  check:\n" + _q("a-one") + _q("a-two"), 1)
    catalog, _ = load(tmp_path, {"concepts.yml": concepts}, base=True)
    assert check_ids.check(catalog) == []
