"""Reading the workflows the way the tests need them: parsed, with their run scripts and uses lines."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from tests.conftest import REPO

WORKFLOWS = REPO / ".github" / "workflows"


@dataclass(frozen=True)
class Step:
    workflow: str
    job: str
    index: int
    body: dict[str, Any]
    env: dict[str, str]  # workflow, job and step env, innermost winning
    matrix: dict[str, Any]

    @property
    def where(self) -> str:
        return f"{self.workflow}: jobs.{self.job}.steps[{self.index}]"


def workflow_paths(folder: Path = WORKFLOWS) -> list[Path]:
    return sorted([*folder.glob("*.yml"), *folder.glob("*.yaml")])


def load(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if True in data:  # YAML 1.1 reads the key `on` as the boolean true
        data["on"] = data.pop(True)
    return data


def steps(path: Path) -> Iterator[Step]:
    workflow = load(path)
    for job_id, job in workflow.get("jobs", {}).items():
        env = {**(workflow.get("env") or {}), **(job.get("env") or {})}
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        for index, step in enumerate(job.get("steps") or []):
            step_env = {k: str(v) for k, v in {**env, **(step.get("env") or {})}.items()}
            yield Step(path.name, job_id, index, step, step_env, matrix)
