"""The strict base every model shares: one definition, so no model drifts from the others."""

from __future__ import annotations

import pydantic
import pytest

import gpulist.models
from gpulist.models import Concept
from gpulist.models.fields import Strict

MODELS = [obj for name in gpulist.models.__all__
          if isinstance(obj := getattr(gpulist.models, name), type) and issubclass(obj, pydantic.BaseModel)]


def test_every_model_is_strict() -> None:
    assert len(MODELS) >= 15  # all of gpulist.models, Link and RepoHealth included
    assert [m.__name__ for m in MODELS if not issubclass(m, Strict)] == []


def test_strict_refuses_unknown_fields_and_coercion_and_change() -> None:
    tag = Concept(id="cuda", title="CUDA", description="Kernels.")
    with pytest.raises(pydantic.ValidationError, match="extra_forbidden"):
        Concept.model_validate({"id": "cuda", "title": "CUDA", "description": "Kernels.", "colour": "green"})
    with pytest.raises(pydantic.ValidationError, match="string_type"):
        Concept.model_validate({"id": "cuda", "title": False, "description": "Kernels."})
    with pytest.raises(pydantic.ValidationError, match="frozen_instance"):
        tag.title = "Other"  # type: ignore[misc]
