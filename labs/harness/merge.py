"""Several runs of the labs made one set of records, with the run-to-run spread in each.

A run is a folder run.py wrote: `run.json` (the machine's boot, the labs' commit, when) and
`<gpu>/<lab>.yml` records. The first run given is the base: its records, counters and traces
are kept, and every point and summary row gains the medians the other runs measured for it, so
the page can show how far separate processes on separate machine starts agree. Runs of other
code (another labs commit) are refused for that lab, never mixed. Pure: tested without a GPU.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from .records import dump
from .stats import run_spread

RUN_FILE = "run.json"


def read_run(folder: Path) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """A run's manifest and its records by lab id."""
    import yaml

    manifest_path = folder / RUN_FILE
    if not manifest_path.exists():
        raise ValueError(f"{folder}: no {RUN_FILE}; is this a folder labs/run.py wrote?")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    records = {}
    for path in sorted(folder.glob("*/*.yml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        records[record["lab"]] = record
    return manifest, records


def _points(record: dict[str, Any]) -> dict[tuple[str, Any], dict[str, Any]]:
    return {(s["id"], p["x"]): p for s in record["series"] for p in s["points"]}


def merge_lab(base: dict[str, Any], others: list[dict[str, Any]], boots: list[str]) -> dict[str, Any]:
    """The base record with each point's and summary row's medians over every run (base first)."""
    runs = [base, *others]
    points = [_points(r) for r in runs]
    for key, p in points[0].items():
        p["runs"] = [round(float(ps[key]["y"]), 4) for ps in points if key in ps]
    rows = [{row["what"]: row for row in r["summary"]} for r in runs]
    for row in base["summary"]:
        measured = [float(rs[row["what"]]["measured"]) for rs in rows if row["what"] in rs]
        row["run_spread"] = round(run_spread(measured), 4)
    base["conditions"]["runs"] = len(runs)
    base["conditions"]["machine_starts"] = len(set(boots))
    return base


def merge(folders: list[Path], out: Path, log=print) -> list[Path]:
    """Merge runs into `out/<gpu>/<lab>.yml`, copying the base run's traces beside them."""
    manifests, recordsets = zip(*(read_run(f) for f in folders))
    written = []
    for lab, base in recordsets[0].items():
        others, boots = [], [manifests[0].get("boot_id", "unknown")]
        for manifest, records in zip(manifests[1:], recordsets[1:]):
            other = records.get(lab)
            if other is None:
                log(f"{lab}: not in the run of {manifest.get('started', '?')}; merged without it")
            elif other["conditions"]["labs_commit"] != base["conditions"]["labs_commit"]:
                log(f"{lab}: the run of {manifest.get('started', '?')} ran labs at "
                    f"{other['conditions']['labs_commit']}, not {base['conditions']['labs_commit']}; left out")
            else:
                others.append(other)
                boots.append(manifest.get("boot_id", "unknown"))
        merged = merge_lab(base, others, boots)
        folder = out / merged["gpu"]
        folder.mkdir(parents=True, exist_ok=True)
        for trace in merged.get("traces", []):
            shutil.copyfile(folders[0] / merged["gpu"] / trace["file"], folder / trace["file"])
        path = folder / f"{lab}.yml"
        path.write_text(dump(merged), encoding="utf-8")
        written.append(path)
    return written
