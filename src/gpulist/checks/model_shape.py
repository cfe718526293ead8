"""A model's shape holds together: its KV heads divide its query heads, its hidden size splits
evenly over the heads, and a mixture of experts uses no more parameters per token than it has.

The KV cache calculator's presets fill the reader's form from these numbers, and a shape typed
from a config.json goes wrong quietly (num_key_value_heads taken for num_attention_heads, the
active and total counts swapped): each such mistake is reported at the number that breaks it.
"""

from __future__ import annotations

from typing import Any

from gpulist.checks._gpus import at_gpus, items
from gpulist.load import Catalog
from gpulist.problems import Problem

RULE = "model-shape"


def _count(model: dict[str, Any], field: str) -> float | None:
    value = model.get(field)
    usable = isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
    return float(value) if usable else None


def _mistakes(model: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for each way this shape contradicts itself."""
    heads, kv, hidden = _count(model, "heads"), _count(model, "kv_heads"), _count(model, "hidden")
    params, active = _count(model, "params"), _count(model, "active_params")
    found = []
    if heads and kv and (kv > heads or heads % kv):
        found.append(("kv_heads", f"{kv:g} KV heads do not divide {heads:g} query heads: each KV head serves a "
                                  f"whole group of query heads (num_key_value_heads in config.json)"))
    if heads and hidden and hidden % heads:
        found.append(("hidden", f"a hidden size of {hidden:g} does not split over {heads:g} heads"))
    if params and active and active > params:
        found.append(("active_params", f"{active / 1e9:g} billion parameters per token is more than the "
                                       f"{params / 1e9:g} billion the model has: total and active swapped?"))
    return found


def check(catalog: Catalog) -> list[Problem]:
    return [at_gpus(catalog, ("models", i, field), message, RULE)
            for i, model in items(catalog, "models") for field, message in _mistakes(model)]
