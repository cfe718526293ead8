"""The vendor-term rule beyond the broken-concepts corpus: a term may name another concept, not
its own; a metric written twice is reported; a concept read from a broken document still has
its terms checked."""

from __future__ import annotations

from pathlib import Path

from gpulist.checks import vendor_terms
from tests.catalogs import FIXTURES, load

_BASE = (FIXTURES / "catalog" / "concepts.yml").read_text(encoding="utf-8")
_TERMS = "  vendor_terms:\n{}"
_METRICS = "  metrics:\n{}"


def _check(tmp_path: Path, extra: str) -> list[str]:
    """The rule's messages with `extra` added to Triton, the minimal vocabulary's second concept."""
    concepts = _BASE.replace("  requires: [cuda]\n", "  requires: [cuda]\n" + extra, 1)
    catalog, problems = load(tmp_path, {"concepts.yml": concepts}, base=True)
    assert problems == []
    return [p.message for p in vendor_terms.check(catalog)]


def _term(vendor: str, term: str, concept: str | None = None) -> str:
    return f"  - vendor: {vendor}\n    term: {term}\n" + (f"    concept: {concept}\n" if concept else "")


def _metric(profiler: str, metric: str) -> str:
    return f"  - profiler: {profiler}\n    metric: {metric}\n    url: https://example.com/{metric}\n"


def test_a_term_naming_another_concept_is_fine_and_its_own_is_not(tmp_path: Path) -> None:
    assert _check(tmp_path, _TERMS.format(_term("nvidia", "CUDA C++", "cuda") + _term("amd", "HIP"))) == []
    assert _check(tmp_path, _TERMS.format(_term("amd", "Triton on ROCm", "triton"))) == [
        "vendor term 'Triton on ROCm' names its own concept 'triton': leave `concept` out"]


def test_an_unknown_concept_gets_a_suggestion(tmp_path: Path) -> None:
    assert _check(tmp_path, _TERMS.format(_term("amd", "HIP", "cudaa"))) == [
        "vendor term 'HIP' names unknown concept 'cudaa': did you mean 'cuda'?"]


def test_the_same_word_of_two_vendors_is_two_terms_but_a_metric_twice_is_one_too_many(tmp_path: Path) -> None:
    assert _check(tmp_path, _TERMS.format(_term("nvidia", "Occupancy") + _term("amd", "Occupancy"))) == []
    twice = _METRICS.format(_metric("rocprofv3", "SQ_WAVES") + _metric("rocprofv3", "SQ_WAVES")
                            + _metric("nsight-compute", "SQ_WAVES"))
    assert _check(tmp_path, twice) == ["profiler 'rocprofv3' lists 'SQ_WAVES' twice in `metrics`"]


def test_a_concept_the_model_refused_still_has_its_terms_checked(tmp_path: Path) -> None:
    """A metric without its url fails the model, yet the term beside it is still judged."""
    concepts = _BASE.replace("  requires: [cuda]\n", "  requires: [cuda]\n" + _TERMS.format(_term("amd", "X", "nope"))
                             + "  metrics:\n  - profiler: rocprofv3\n    metric: SQ_WAVES\n", 1)
    catalog, problems = load(tmp_path, {"concepts.yml": concepts}, base=True)
    assert any("url" in p.message for p in problems)
    assert [p.message for p in vendor_terms.check(catalog)] == ["vendor term 'X' names unknown concept 'nope' (not in concepts.yml)"]
