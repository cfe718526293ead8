"""actionlint and zizmor over the real workflows: no findings allowed.

Each linter is also shown a workflow with a template-injection hole, so a linter that silently
checks nothing (wrong path, broken install) fails here instead of passing forever.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.workflows.tools import actionlint_command, zizmor_command
from tests.workflows.workflow_files import WORKFLOWS, workflow_paths

INJECTABLE = """\
name: bad
on: issues
permissions: {}
jobs:
  greet:
    runs-on: ubuntu-latest
    permissions: {}
    steps:
      - run: echo "${{ github.event.issue.title }}"
"""


def _actionlint(paths: list[Path]) -> subprocess.CompletedProcess[str]:
    command, env = actionlint_command()
    return subprocess.run([*command, *map(str, paths)], capture_output=True, text=True, env=env, timeout=120)


def _zizmor(target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*zizmor_command(), str(target)], capture_output=True, text=True, timeout=120)


def test_there_are_workflows() -> None:
    assert {p.name for p in workflow_paths()} >= {"ci.yml", "links.yml", "pages.yml", "watch.yml"}


def test_actionlint_is_clean() -> None:
    result = _actionlint(workflow_paths())
    assert result.returncode == 0 and result.stdout.strip() == "", result.stdout + result.stderr


def test_actionlint_catches_injection(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(INJECTABLE)
    result = _actionlint([bad])
    assert result.returncode == 1 and "github.event.issue.title" in result.stdout, result.stdout + result.stderr


def test_zizmor_offline_is_clean() -> None:
    result = _zizmor(WORKFLOWS)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "No findings" in result.stdout + result.stderr


def test_zizmor_catches_injection(tmp_path: Path) -> None:
    folder = tmp_path / ".github" / "workflows"
    folder.mkdir(parents=True)
    (folder / "bad.yml").write_text(INJECTABLE)
    result = _zizmor(folder)
    assert result.returncode != 0 and "template-injection" in result.stdout, result.stdout + result.stderr
