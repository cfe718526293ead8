"""The data the labs read from the repository: the GPUs' published numbers, the labs' catalogue
and the counters' catalogue. YAML in, plain dicts out: the labs never import gpulist, whose
models check these same files on the site's side."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .errors import NotAvailable

ROOT = Path(__file__).resolve().parent.parent.parent
GPUS_YML = ROOT / "data" / "gpus.yml"
LABS_YML = ROOT / "data" / "labs.yml"
COUNTERS_YML = ROOT / "data" / "counters.yml"
DEFAULT_OUT = ROOT / "data" / "measurements"

# The device name as the driver reports it -> the id of its row in data/gpus.yml. The first
# pattern that matches wins, so the more specific names come first.
GPU_ROWS: tuple[tuple[str, str], ...] = (
    (r"\bGB200\b", "gb200"),
    (r"\bB200\b", "b200"),
    (r"\bH200\b.*\bNVL\b", "h200-nvl"),
    (r"\bH200\b", "h200"),
    (r"\bH100\b.*\bNVL\b", "h100-nvl"),
    (r"\bH100\b.*\bPCIe\b", "h100-pcie"),
    (r"\bH100\b", "h100-sxm"),
    (r"\bA100\b.*\b80\s?GB\b", "a100-80gb-sxm"),
    (r"\bA100\b", "a100-40gb-sxm"),
    (r"\bV100\b", "v100-sxm2"),
    (r"\bL40S\b", "l40s"),
    (r"\bL4\b", "l4"),
    (r"\bA10G\b", "a10g"),
    (r"\bT4\b", "t4"),
    (r"\bRTX 6000 Ada\b", "rtx-6000-ada"),
    (r"\bRTX A6000\b", "rtx-a6000"),
    (r"\bRTX 3090\b", "rtx-3090"),
    (r"\bRTX 4070\b", "rtx-4070"),
    (r"\bRTX 4080\b", "rtx-4080"),
    (r"\bRTX 4090\b", "rtx-4090"),
    (r"\bRTX 5090\b", "rtx-5090"),
)


def gpu_row_for(device_name: str) -> str | None:
    """The data/gpus.yml row a device name is, or None: the record must name a known GPU."""
    for pattern, row in GPU_ROWS:
        if re.search(pattern, device_name, flags=re.IGNORECASE):
            return row
    return None


def _yaml(path: Path) -> Any:
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))


def load_gpu(row_id: str, path: Path = GPUS_YML) -> dict[str, Any]:
    """The vendor's numbers for one GPU, its figure groups merged: the bounds start here."""
    for gpu in _yaml(path).get("gpus", []):
        if gpu.get("id") == row_id:
            merged: dict[str, Any] = {"id": row_id, "name": gpu.get("name")}
            for group in gpu.get("figures", []):
                for key, value in group.items():
                    if key in ("dense", "sparse") and isinstance(value, dict):
                        merged.setdefault(key, {}).update(value)
                    elif key not in ("source", "where"):
                        merged[key] = value
            return merged
    raise NotAvailable(f"no GPU with id {row_id!r} in {path}")


def catalogue(path: Path = LABS_YML) -> list[dict[str, Any]]:
    """The labs as data/labs.yml lists them: each lab's one-line description and GPU count live
    there alone, so `run.py --list`, the site and the records' validation read one text."""
    return _yaml(path)["labs"]


def counter_units(path: Path = COUNTERS_YML) -> dict[str, str]:
    """Each catalogued Nsight Compute metric and its unit: a lab may ask only for these."""
    return {item["metric"]: item["unit"] for item in _yaml(path)["counters"]}
