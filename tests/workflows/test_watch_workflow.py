"""watch.yml: the issue is driven by the report's checkbox lines, and the state is cached where watch keeps it."""

from __future__ import annotations

import datetime as dt
import re

from gpulist.watch.candidates import Candidate
from gpulist.watch.report import as_markdown
from gpulist.watch.runner import Run
from gpulist.watch.sources import Hint
from tests.workflows.command_lines import command_lines
from tests.workflows.workflow_files import WORKFLOWS, load, steps

WATCH = WORKFLOWS / "watch.yml"
NOW = dt.datetime(2025, 6, 10, tzinfo=dt.timezone.utc)


def _script(name: str) -> str:
    return next(str(s.body["run"]) for s in steps(WATCH) if s.body.get("name") == name)


def test_the_candidate_count_matches_the_reports_checkboxes() -> None:
    pattern = re.search(r"grep -c '([^']+)' reports/watch\.md", _script("Watch")).group(1)  # type: ignore[union-attr]
    candidates = [Candidate(f"https://e.org/{i}", "[ ] - [ ] tricky title", "s", None, (), "", Hint(), f"url:{i}")
                  for i in range(3)]
    assert len(re.findall(pattern, as_markdown(Run(NOW, None, candidates, [])), re.M)) == 3
    assert re.findall(pattern, as_markdown(Run(NOW, None, [], [])), re.M) == []


def test_the_state_file_is_the_cached_path() -> None:
    [line] = [line for line in command_lines(WATCH) if line.argv[0] == "watch"]
    cache = next(s.body for s in steps(WATCH) if str(s.body.get("uses", "")).startswith("actions/cache@"))
    assert line.argv[line.argv.index("--state-file") + 1] == cache["with"]["path"]
    assert line.argv[line.argv.index("--format") + 1] == "markdown"


def test_only_the_issue_job_writes_and_it_reads_no_code() -> None:
    jobs = load(WATCH)["jobs"]
    assert jobs["watch"]["permissions"] == {"contents": "read"}
    assert jobs["report"]["permissions"] == {"issues": "write"}
    assert not any(str(s.get("uses", "")).startswith("actions/checkout@") for s in jobs["report"]["steps"])
    assert jobs["report"]["needs"] == "watch"
