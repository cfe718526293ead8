"""unknown-topic answers a topic written as its title, capitalised or misspelt with the id meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpulist.checks import unknown_topic
from gpulist.checks.unknown_topic import topic_hint
from gpulist.load import load_catalog
from tests.conftest import DATA

TOPICS = load_catalog(DATA)[0].topics


@pytest.mark.parametrize(("written", "hint"), [
    ("Fundamentals", ": topic ids are lowercase kebab-case, write 'fundamentals'"),
    ("Tensor Cores", ": topic ids are lowercase kebab-case, write 'tensor-cores'"),
    ("fundamental", ": did you mean 'fundamentals'?"),
    ("quantisation", ": did you mean 'quantization'?"),
    ("Matrix Multiplication", ": did you mean 'matmul'?"),  # a title's words, whatever its subtitle
    ("Profiling & Optimization", ": did you mean 'profiling'?"),  # the whole title
    ("AMD", ": did you mean 'amd-and-alternatives'?"),  # a word only one title has
    ("multi-gpu", ": did you mean 'distributed'?"),
    ("xyz", ""),
])
def test_the_id_meant_is_named(written: str, hint: str) -> None:
    assert topic_hint(written, TOPICS) == hint


def test_a_title_is_a_located_unknown_topic_not_a_bad_id(tmp_path: Path) -> None:
    from tests.catalogs import load, resource
    catalog, problems = load(tmp_path, {"resources/a.yml": resource(topic="Fundamentals")})
    assert problems == []
    [problem] = unknown_topic.check(catalog)
    assert (problem.line, problem.col) == (4, 8) and problem.message.endswith("write 'fundamentals'")
