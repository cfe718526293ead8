"""Shared fixtures: paths to the repository's own data and a scratch catalog builder."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"


@pytest.fixture
def repo_data() -> Path:
    return DATA
