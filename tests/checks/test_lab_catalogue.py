"""data/labs.yml and the scripts under labs/ name the same labs: every lab of the catalogue has
its script, with the same id, and every script that is a lab is in the catalogue (run.py runs
the catalogue's labs; a lab left out would never run, and its records would be refused as of an
unknown lab). Read with ast: the scripts import torch."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from tests.conftest import DATA, REPO

LABS = REPO / "labs"


def constants(path: Path) -> dict[str, object]:
    """The module-level NAME = literal assignments of a script."""
    found: dict[str, object] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                found[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return found


@pytest.mark.skipif(not (LABS / "run.py").is_file(), reason="labs/ is not in this tree")
def test_the_catalogue_and_the_scripts_name_the_same_labs() -> None:
    catalogue = yaml.safe_load((DATA / "labs.yml").read_text(encoding="utf-8"))["labs"]
    for lab in catalogue:
        assert constants(REPO / lab["script"])["ID"] == lab["id"], lab["id"]
    scripts = {f"labs/{p.name}" for p in LABS.glob("*.py") if "ID" in constants(p)}
    assert scripts == {lab["script"] for lab in catalogue}


def test_contributing_says_how_to_run_the_labs_and_what_validate_refuses() -> None:
    from gpulist.checks import lab_refs, measurement_method, measurement_path, measurement_peak, measurement_refs
    from gpulist.checks import measurement_series
    from gpulist.models import X_UNITS, Y_UNITS

    text = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8").split("## Labs")[1].split("\n## ")[0]
    for phrase in ("python labs/run.py --list", "python labs/run.py --lab coalescing", "python labs/run.py --all",
                   "--out runs/mine", "--compare", "--merge", "pull request", "gpulist validate"):
        assert phrase in text, phrase
    rules = [m.RULE for m in (lab_refs, measurement_method, measurement_path, measurement_peak, measurement_refs,
                              measurement_series)]
    assert [r for r in [*rules, "measurement-unit", "figure-unit", "missing-field"] if f"`{r}`" not in text] == []
    assert all(unit in text for unit in (*X_UNITS, *Y_UNITS))
