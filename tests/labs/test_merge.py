"""harness.merge: runs of separate processes and machine starts made one record each."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from harness import merge


def _run(folder: Path, boot: str, commit: str, ys: list[float], measured: float) -> Path:
    (folder / "h200").mkdir(parents=True)
    (folder / "run.json").write_text(json.dumps({"boot_id": boot, "started": folder.name}))
    record = {"lab": "coalescing", "gpu": "h200", "conditions": {"labs_commit": commit, "runs": 1, "machine_starts": 1},
              "series": [{"id": "stride", "points": [{"x": i, "y": y} for i, y in enumerate(ys)]}],
              "summary": [{"what": "stride 1", "measured": measured}], "traces": []}
    (folder / "h200" / "coalescing.yml").write_text(yaml.safe_dump(record))
    return folder


def test_three_runs_on_two_starts(tmp_path: Path):
    runs = [_run(tmp_path / "a", "boot-1", "abc", [100.0, 50.0], 100.0),
            _run(tmp_path / "b", "boot-1", "abc", [102.0, 49.0], 102.0),
            _run(tmp_path / "c", "boot-2", "abc", [98.0, 51.0], 98.0)]
    [path] = merge.merge(runs, tmp_path / "out", log=lambda m: None)
    record = yaml.safe_load(path.read_text())
    assert record["conditions"]["runs"] == 3 and record["conditions"]["machine_starts"] == 2
    assert record["series"][0]["points"][0] == {"x": 0, "y": 100.0, "runs": [100.0, 102.0, 98.0]}
    assert record["summary"][0]["run_spread"] == 0.04


def test_a_run_of_other_code_is_left_out_and_said(tmp_path: Path):
    said = []
    runs = [_run(tmp_path / "a", "boot-1", "abc", [100.0], 100.0), _run(tmp_path / "b", "boot-2", "def", [50.0], 50.0)]
    [path] = merge.merge(runs, tmp_path / "out", log=said.append)
    record = yaml.safe_load(path.read_text())
    assert record["conditions"]["runs"] == 1 and record["series"][0]["points"][0]["runs"] == [100.0]
    assert said == ["coalescing: the run of b ran labs at def, not abc; left out"]


def test_a_folder_that_is_not_a_run_is_refused(tmp_path: Path):
    import pytest

    with pytest.raises(ValueError, match="no run.json"):
        merge.merge([tmp_path], tmp_path / "out")
