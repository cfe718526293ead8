"""The house rules for workflows, as functions that list violations (empty means fine).

Kept apart from the tests so the tests can show each rule catching a bad workflow too.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.workflows.workflow_files import load, steps

PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
PIN_LINE = re.compile(r"uses:\s*(\S+)\s*#\s*v\d+\.\d+\.\d+\s*$", re.M)
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)


def unpinned_actions(path: Path) -> list[str]:
    """Every remote action at a full commit SHA, with the release it is in a `# vX.Y.Z` comment."""
    found = []
    commented = {m.group(1) for m in PIN_LINE.finditer(path.read_text(encoding="utf-8"))}
    for step in steps(path):
        uses = step.body.get("uses")
        if not uses or uses.startswith("./"):
            continue
        if not PINNED.match(uses):
            found.append(f"{step.where}: {uses} is not pinned to a 40-hex commit SHA")
        elif uses not in commented:
            found.append(f"{step.where}: {uses} lacks a `# vX.Y.Z` comment")
    return found


def missing_permissions(path: Path) -> list[str]:
    workflow = load(path)
    found = [] if workflow.get("permissions") == {} else [f"{path.name}: top-level permissions must be {{}}"]
    for job_id, job in workflow.get("jobs", {}).items():
        if not isinstance(job.get("permissions"), dict):
            found.append(f"{path.name}: jobs.{job_id} has no explicit permissions mapping")
    return found


def write_permissions(path: Path) -> dict[str, set[str]]:
    """job -> the scopes it may write, for comparing against what each job is meant to do."""
    jobs = load(path).get("jobs", {})
    return {job_id: {scope for scope, level in (job.get("permissions") or {}).items() if level == "write"}
            for job_id, job in jobs.items() if isinstance(job.get("permissions"), dict)}


def expressions_in_shell(path: Path) -> list[str]:
    """Event data (titles, branch names) in a script is template injection: pass it through env:."""
    found = []
    for step in steps(path):
        for expression in EXPRESSION.findall(str(step.body.get("run", ""))):
            kind = "github.event data" if "github.event" in expression else "an expression"
            found.append(f"{step.where}: {kind} in run: (${{{{{expression.strip()}}}}}); use env:")
    return found


def dangerous_triggers(path: Path) -> list[str]:
    triggers: Any = load(path).get("on") or {}
    names = [triggers] if isinstance(triggers, str) else list(triggers)
    return [f"{path.name}: {name} runs fork code with secrets" for name in names
            if name in ("pull_request_target", "workflow_run")]


def persisted_credentials(path: Path) -> list[str]:
    """Only a job that pushes may keep the token in .git/config, and none of ours does (gh pushes)."""
    return [f"{step.where}: checkout without persist-credentials: false" for step in steps(path)
            if str(step.body.get("uses", "")).startswith("actions/checkout@")
            and (step.body.get("with") or {}).get("persist-credentials") is not False]


def missing_concurrency(path: Path) -> list[str]:
    workflow = load(path)
    if workflow.get("concurrency"):
        return []
    return [f"{path.name}: jobs.{job_id} has no concurrency group" for job_id, job in workflow["jobs"].items()
            if not job.get("concurrency")]


RULES = (unpinned_actions, missing_permissions, expressions_in_shell, dangerous_triggers, persisted_credentials,
         missing_concurrency)
