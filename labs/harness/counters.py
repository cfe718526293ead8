"""Hardware counters: each lab's probes profiled once by Nsight Compute, parsed into the record.

run.py starts a second process of itself under `ncu` for each lab (the counters pass). There
every `Context.measure(..., probe="...")` runs its kernel once inside an NVTX range
`gpulist|<n>`, ncu profiles only the kernels in such ranges (`--nvtx-include`), and the
process writes the probes' names to probes.json. The parent parses ncu's CSV (raw page, base
units) and keeps, per probe and kernel, the metrics the lab asked for. Without ncu, or when it
fails, the record keeps its timings and says why its counters are missing.

The command builder and the parser are pure and tested on captured ncu output.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

RANGE = re.compile(r"gpulist\|(\d+)")
KERNEL_CHARS = 120
TIMEOUT_S = 300


def ncu_command(metrics: list[str], lab_id: str, probes_dir: Path, run_py: Path, cache: str = "all") -> list[str]:
    """ncu over a counters pass of one lab: only the probes' kernels, the clocks left alone."""
    return ["ncu", "--csv", "--page", "raw", "--print-units", "base", "--clock-control", "none",
            "--cache-control", cache, "--nvtx", "--nvtx-include", "regex:gpulist\\|[0-9]+/",
            "--metrics", ",".join(metrics), sys.executable, str(run_py), "--lab", lab_id,
            "--counters-pass", str(probes_dir)]


def short_kernel(name: str) -> str:
    """The kernel's name without a leading return type, cut to a length a table can show."""
    name = re.sub(r"^void\s+", "", name.strip())
    return name if len(name) <= KERNEL_CHARS else name[: KERNEL_CHARS - 1] + "…"


UNIT_NAMES = {"nsecond": "ns", "usecond": "us", "msecond": "ms", "second": "s", "Hz": "hz", "hertz": "hz",
              "bytes": "byte", "sectors": "sector", "percent": "%"}


def ncu_unit(metric: str, printed: str) -> str:
    """The unit as the catalogue writes it: ncu prints none for plain counts and ratios, and
    spells some base units long (nsecond)."""
    if printed:
        return UNIT_NAMES.get(printed, printed)
    return "ratio" if metric.endswith(".ratio") else "count"


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None  # "n/a": ncu could not collect it


def csv_rows(text: str) -> list[list[str]]:
    """ncu's CSV lines (its own ==PROF== and ==WARNING== lines dropped)."""
    return list(csv.reader(io.StringIO("\n".join(line for line in text.splitlines() if line.startswith('"')))))


def parse(text: str, metrics: list[str]) -> list[dict[str, Any]]:
    """One item per profiled kernel: its probe's index, its name and each metric ncu could read."""
    rows = csv_rows(text)
    if len(rows) < 2:
        return []
    header, units = rows[0], rows[1]
    nvtx = next((i for i, h in enumerate(header) if "Push/Pop_Range" in h), None)
    name = header.index("Kernel Name") if "Kernel Name" in header else None
    found = []
    for row in rows[2:]:
        match = RANGE.search(row[nvtx]) if nvtx is not None and nvtx < len(row) else None
        if match is None or name is None:
            continue
        values = []
        for metric in metrics:
            if metric in header and (v := _number(row[header.index(metric)])) is not None:
                values.append({"metric": metric, "value": v, "unit": ncu_unit(metric, units[header.index(metric)])})
        found.append({"index": int(match.group(1)), "kernel": short_kernel(row[name]), "metrics": values})
    return found


def errors(text: str) -> list[str]:
    """ncu's own error lines (==ERROR==), which say why a pass gave no counters."""
    return [line.split("==ERROR==", 1)[1].strip() for line in text.splitlines() if "==ERROR==" in line]


def attach(kernels: list[dict[str, Any]], probes: list[dict[str, Any]], tool: str) -> dict[str, Any]:
    """The record's `counters`: each kernel under its probe's name and the point it explains."""
    by_index = {p["index"]: p for p in probes}
    out = []
    for k in kernels:
        probe = by_index.get(k["index"])
        if probe is None or not k["metrics"]:
            continue
        item: dict[str, Any] = {"probe": probe["probe"]}
        if probe.get("series") is not None:
            item.update(series=probe["series"], x=probe["x"])
        item.update(kernel=k["kernel"], metrics=k["metrics"])
        out.append(item)
    if not out:
        return missing("ncu ran but profiled none of the lab's probes")
    return {"status": "measured", "reason": None, "tool": tool, "kernels": out}


def missing(reason: str) -> dict[str, Any]:
    return {"status": "missing", "reason": reason[:300], "tool": None, "kernels": []}


def ncu_version() -> str | None:
    """'ncu 2025.3.1' or None where ncu is not on the PATH."""
    if shutil.which("ncu") is None:
        return None
    try:
        out = subprocess.run(["ncu", "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    found = re.search(r"Version\s+(\d+\.\d+\.\d+)", out)
    return f"ncu {found.group(1)}" if found else "ncu"


def collect(lab_id: str, metrics: list[str], work: Path, run_py: Path, cache: str = "all") -> dict[str, Any]:
    """Run the lab's counters pass under ncu and return the record's `counters`, never raising."""
    if not metrics:
        return missing("this lab names no counters")
    tool = ncu_version()
    if tool is None:
        return missing("ncu (Nsight Compute) is not on the PATH")
    work.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(ncu_command(metrics, lab_id, work, run_py, cache), capture_output=True, text=True,
                              timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return missing(f"ncu did not finish within {TIMEOUT_S} s")
    text = done.stdout + "\n" + done.stderr
    probes_file = work / "probes.json"
    if done.returncode != 0 or not probes_file.exists():
        why = "; ".join(errors(text)) or (text.strip().splitlines() or ["no output"])[-1]
        return missing(f"ncu exited {done.returncode}: {why}")
    return attach(parse(done.stdout, metrics), json.loads(probes_file.read_text()), tool)


def write_probes(probes: list[Any], work: Path) -> None:
    """The counters pass's list of probes, in the order their NVTX ranges were opened."""
    work.mkdir(parents=True, exist_ok=True)
    data = [{"index": p.index, "probe": p.probe, "series": p.series, "x": p.x} for p in probes]
    (work / "probes.json").write_text(json.dumps(data), encoding="utf-8")


def value(counters: dict[str, Any], probe: str, metric: str) -> float | None:
    """A metric summed over the kernels of one probe, or None: for the labs' findings."""
    total, seen = 0.0, False
    for k in counters.get("kernels", []):
        if k["probe"] != probe:
            continue
        for m in k["metrics"]:
            if m["metric"] == metric:
                total, seen = total + m["value"], True
    return total if seen else None


def kernel_names(counters: dict[str, Any], probe: str) -> list[str]:
    return [k["kernel"] for k in counters.get("kernels", []) if k["probe"] == probe]
