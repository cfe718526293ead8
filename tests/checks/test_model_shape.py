"""The model-shape rule beyond the broken-GPUs corpus: each way a shape typed from a config.json
contradicts itself is reported at its own number, and the real presets' shapes pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import model_shape, validate
from tests.catalogs import FIXTURES, load
from tests.conftest import DATA

VALID = (FIXTURES / "broken_gpus" / "unknown-concept.yml").read_text(encoding="utf-8").replace(
    "concept: hopper", "concept: cuda")
SHAPE = "    heads: 32\n    kv_heads: 8\n"


@pytest.mark.parametrize(("shape", "field", "says"), [
    ("    heads: 32\n    kv_heads: 12\n", "kv_heads", "12 KV heads do not divide 32 query heads"),
    ("    heads: 8\n    kv_heads: 32\n", "kv_heads", "32 KV heads do not divide 8 query heads"),  # the two swapped
    ("    heads: 30\n    kv_heads: 6\n", "hidden", "a hidden size of 4096 does not split over 30 heads"),
    (SHAPE + "    active_params: 9.0e+9\n", "active_params", "9 billion parameters per token is more than the 8 billion the model has"),
])
def test_a_shape_that_contradicts_itself_is_reported_at_its_number(tmp_path: Path, shape: str, field: str,
                                                                   says: str) -> None:
    catalog, problems = load(tmp_path, {"gpus.yml": VALID.replace(SHAPE, shape)}, base=True)
    assert problems == []
    found = model_shape.check(catalog)
    assert [(p.rule, p.message.split(":")[0]) for p in found] == [("model-shape", says)]
    assert found[0].line == VALID.replace(SHAPE, shape).splitlines().index(
        next(line for line in shape.splitlines() if line.startswith(f"    {field}:")) if field != "hidden"
        else "    hidden: 4096") + 1


def test_the_real_presets_hold_together() -> None:
    catalog, _ = validate(DATA)
    assert model_shape.check(catalog) == []


def test_a_mixture_of_experts_within_its_total_passes(tmp_path: Path) -> None:
    catalog, _ = load(tmp_path, {"gpus.yml": VALID.replace(SHAPE, SHAPE + "    active_params: 2.0e+9\n")}, base=True)
    assert model_shape.check(catalog) == []
