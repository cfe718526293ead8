"""The files GitHub contributors meet must agree with the schema and the vocabularies."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import yaml

from gpulist.cli import build_parser
from gpulist.load import load_catalog
from gpulist.models import ACCESSES, EFFORTS, FIELD_ORDER, RESOURCE_TYPES
from tests.conftest import DATA, REPO

FORM = REPO / ".github/ISSUE_TEMPLATE/suggest-resource.yml"


def _fields() -> dict[str, dict]:
    form = yaml.safe_load(FORM.read_text(encoding="utf-8"))
    return {item["id"]: item for item in form["body"] if "id" in item}


def _options(field_id: str) -> list[str]:
    return [str(o) for o in _fields()[field_id]["attributes"]["options"]]


def test_issue_form_has_the_schema_fields() -> None:
    fields = _fields()
    assert {"url", "type", "topic", "tier", "why"} <= set(fields)
    assert all(fields[f]["validations"]["required"] for f in ("url", "type", "topic", "tier", "why"))


def test_issue_form_dropdowns_match_the_vocabularies() -> None:
    topics = load_catalog(DATA)[0].topics
    assert _options("type") == list(RESOURCE_TYPES)
    assert _options("topic") == [f"{t.id} — {t.title}" for t in topics]
    assert _options("group") == [f"{g.id} — {g.title}" for t in topics for g in t.groups]
    assert _options("tier")[:3] == ["1", "2", "3"]
    assert [o.split(" — ")[0] for o in _options("effort")] == list(EFFORTS)
    assert _options("access") == list(ACCESSES)


def _hooks(path: Path) -> list[dict]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return data if isinstance(data, list) else [h for repo in data["repos"] for h in repo["hooks"]]


def _assert_runnable(hooks: list[dict]) -> None:
    parser = build_parser()
    for hook in hooks:
        words = shlex.split(hook["entry"])
        assert words[0] == "gpulist"
        parser.parse_args(words[1:] + (["data/resources/x.yml"] if words[1] == "fmt" else []))
        re.compile(hook.get("files", ""))


def test_pre_commit_hooks_for_other_lists_parse() -> None:
    hooks = _hooks(REPO / ".pre-commit-hooks.yaml")
    assert {"gpulist-validate", "gpulist-fmt"} <= {h["id"] for h in hooks}
    assert all({"id", "name", "entry", "language"} <= set(h) for h in hooks)
    _assert_runnable(hooks)


def test_pre_commit_config_runs_validate_fmt_check_and_schema_check() -> None:
    hooks = _hooks(REPO / ".pre-commit-config.yaml")
    assert {h["entry"] for h in hooks} == {"gpulist validate", "gpulist fmt --check", "gpulist schema --check"}
    assert {h["language"] for h in hooks} == {"system"}
    _assert_runnable(hooks)


def test_contributing_documents_every_field_and_the_one_command_path() -> None:
    text = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert [f for f in FIELD_ORDER if f"| `{f}` |" not in text] == []
    for phrase in ("gpulist new", "gpulist validate", "gpulist fmt --check", "Primary sources", "Surface-level"):
        assert phrase in text


def test_pull_request_template_is_a_checklist() -> None:
    text = (REPO / ".github/pull_request_template.md").read_text(encoding="utf-8")
    assert text.count("- [ ]") >= 3 and "gpulist validate" in text


def test_the_lab_results_form_quotes_the_commands_contributing_gives() -> None:
    """Issue 43: the form takes a bundle, and its commands are CONTRIBUTING's, so they cannot drift."""
    form = yaml.safe_load((REPO / ".github/ISSUE_TEMPLATE/lab-results.yml").read_text(encoding="utf-8"))
    fields = {item["id"]: item for item in form["body"] if "id" in item}
    assert fields["bundle"]["validations"]["required"] and fields["gpu"]["validations"]["required"]
    intro = form["body"][0]["attributes"]["value"]
    guide = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    commands = re.findall(r"^python labs/run\.py .+$", intro, flags=re.M)
    assert len(commands) == 2 and all(c.split("  #")[0].strip() in guide for c in commands)
    assert "lab-results.yml" in guide and "gpulist records --changed-since main" in guide


def test_the_records_workflow_runs_a_command_the_cli_knows() -> None:
    workflow = yaml.safe_load((REPO / ".github/workflows/records.yml").read_text(encoding="utf-8"))
    runs = [s["run"] for s in workflow["jobs"]["records"]["steps"] if "run" in s]
    words = shlex.split(next(r for r in runs if "gpulist records" in r))
    build_parser().parse_args(words[1:])
    assert workflow[True]["pull_request"]["paths"] == ["data/measurements/**"]
