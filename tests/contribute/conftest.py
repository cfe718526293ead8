"""Fixtures for contributing tests: a scratch catalog, and no way out to the internet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.contribute.fakes import fake  # noqa: F401  (fixture)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CATALOG = FIXTURES / "contribute-catalog"
SEEDS = FIXTURES / "seeds"
_NOWHERE = "http://127.0.0.1:9"  # the discard port: connections are refused at once


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every API points at a closed local port unless a test starts a fake server."""
    for name in ("GPULIST_ARXIV_API", "GPULIST_GITHUB_API", "GPULIST_OEMBED_URL"):
        monkeypatch.setenv(name, _NOWHERE)
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.setenv("CI", "true")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the fixture catalog (11 topics, a few tags, one entry) to write into."""
    root = tmp_path / "data"
    shutil.copytree(CATALOG, root)
    return root
