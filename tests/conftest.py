"""Shared fixtures: paths to the repository's own data, a scratch catalog builder, a fake GitHub."""

from __future__ import annotations

import functools
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import yaml
from hypothesis import settings


from tests.enrich.fake_github import FakeGitHub, serve

# Under CI the property tests draw the same examples every run: a pull request's result must
# not depend on a lucky draw. Locally they explore new examples each run, which is how
# `topic: 0e-0` and `https://example.org/..~a` were found; such finds become regression tests.
# No deadline in either: these tests check what code does, not how fast (benchmarks/ measure
# speed), and a deadline fails them whenever the machine is busy (it did, at 335 ms of 200).
settings.register_profile("local", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("local"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "local")

REPO = Path(__file__).resolve().parent.parent
DATA = REPO / "data"

MakeData = Callable[[dict[str, dict]], Path]
# The note every scratch entry carries unless a test gives its own (`note-missing` is an error).
_NOTE = "Shows where a GPU kernel spends its time and what to optimise first."
_ADDRESSED = ("glossary", "vendor_terms", "metrics", "problems")  # the concept fields that hold URLs


@pytest.fixture
def repo_data() -> Path:
    return DATA


@functools.cache
def _addressless_concepts() -> str:
    """The real concepts.yml without its outside addresses, made once per test process: reading
    and writing the 450 KB file took 3 to 4 s of every test that builds a scratch folder (the
    enrich and repo-health tests build one each), a third of the suite's CPU time in those files."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    concepts = yaml.load((DATA / "concepts.yml").read_text(encoding="utf-8"), Loader=loader)  # noqa: S506 - a safe loader
    for concept in concepts:
        for field in _ADDRESSED:
            concept.pop(field, None)
    return yaml.dump(concepts, Dumper=dumper, sort_keys=False, allow_unicode=True)


@pytest.fixture
def make_data(tmp_path: Path) -> MakeData:
    """A data folder with the real topics and tags and the given resources (id -> fields). Its
    concepts keep no outside address (glossary pages, vendor terms, metrics, problems): a link
    check of the folder reads concepts.yml too, and a test must only ever reach 127.0.0.1."""

    def build(resources: dict[str, dict]) -> Path:
        root = tmp_path / "data"
        (root / "resources").mkdir(parents=True, exist_ok=True)
        shutil.copy(DATA / "topics.yml", root / "topics.yml")
        (root / "concepts.yml").write_text(_addressless_concepts(), encoding="utf-8")
        for rid, fields in resources.items():
            entry = {"type": "code", "topic": "attention", "tier": 1, "added": "2025-01-01", "effort": "hour",
                     "notes": [_NOTE], **fields}
            text = yaml.safe_dump(entry, sort_keys=False).replace("'2025-01-01'", "2025-01-01")
            (root / "resources" / f"{rid}.yml").write_text(text, encoding="utf-8")
        return root

    return build


@pytest.fixture
def github() -> Iterator[FakeGitHub]:
    """A fake GitHub GraphQL API on 127.0.0.1; its `url` goes to `--api`."""
    with serve(FakeGitHub()) as fake:
        yield fake
