"""The workflows' security rules, checked on the YAML itself (independently of zizmor)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.workflows.rules import RULES, write_permissions
from tests.workflows.workflow_files import load, workflow_paths

BAD = """\
name: bad
on:
  pull_request_target:
permissions: write-all
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-python@a26af69be951a213d495a4c3e4e4022e16d87065
      - run: echo "${{ github.event.pull_request.title }}"
"""


@pytest.mark.parametrize("path", workflow_paths(), ids=lambda p: p.name)
@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_workflow_follows_rule(path: Path, rule) -> None:
    assert rule(path) == []


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.__name__)
def test_rule_catches_a_bad_workflow(tmp_path: Path, rule) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(BAD)
    assert rule(bad) != []


def test_pins_agree_across_workflows() -> None:
    """One version of each action everywhere, so an update is one reviewed change."""
    pins: dict[str, set[str]] = {}
    for path in workflow_paths():
        for line in path.read_text().splitlines():
            if "uses:" in line and "@" in line:
                action, ref = line.split("uses:")[1].split("#")[0].strip().split("@")
                pins.setdefault(action, set()).add(ref)
    assert pins and {a: r for a, r in pins.items() if len(r) > 1} == {}


def test_link_shards_match_the_shard_count() -> None:
    job = load(workflow_paths()[0].parent / "links.yml")["jobs"]["check"]
    assert job["strategy"]["matrix"]["shard"] == list(range(1, int(job["env"]["SHARDS"]) + 1))


# Who may write what, and why; anything else is read-only.
WRITERS = {
    ("links.yml", "report"): {"issues"},  # the one tracking issue
    ("links.yml", "health"): {"contents", "pull-requests"},  # push the refresh branch, open its PR
    ("pages.yml", "deploy"): {"pages", "id-token"},  # publish, and prove who publishes
    ("watch.yml", "report"): {"issues"},  # the one `candidates` tracking issue; the job reading feeds writes nothing
}


def test_only_the_expected_jobs_write() -> None:
    found = {(path.name, job): scopes for path in workflow_paths()
             for job, scopes in write_permissions(path).items() if scopes}
    assert found == WRITERS
