"""The labs' shared harness: one method of measuring, one record per lab.

Every lab measures the same way, so that a reader can compare one lab's figures with another's
and one GPU's with another's:

- random data, never zeros (zeros can run faster than real data and hide unwritten outputs);
- each kernel's output checked against a reference before it is timed: a lab whose check fails
  raises `CheckFailed` and writes no timing at all;
- warm-up runs first (module loading, compilation and handle creation stay out of the numbers);
- the median of many runs, each timed with CUDA events around the region;
- the L2 flushed between runs unless the cache is what the lab is about;
- the GPU's clocks, power limit and temperature read before and after;
- a prediction from the GPU's published numbers (data/gpus.yml) made before measuring, and
  the record's summary puts measured beside predicted.

This module needs PyTorch (for the timing functions) and PyYAML (to read data/gpus.yml and write
records), and never gpulist: a GPU machine's Python may lack gpulist's own needs. Its pure parts
(statistics, parsing nvidia-smi's answer, choosing the GPU's row, building and writing records)
import neither and are tested without a GPU.
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import re
import statistics
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GPUS_YML = ROOT / "data" / "gpus.yml"
DEFAULT_OUT = ROOT / "data" / "measurements"
LABS_YML = ROOT / "data" / "labs.yml"

# The device name as the driver reports it -> the id of its row in data/gpus.yml. The first
# pattern that matches wins, so the more specific names come first.
GPU_ROWS: tuple[tuple[str, str], ...] = (
    (r"\bGB200\b", "gb200"),
    (r"\bB200\b", "b200"),
    (r"\bH200\b", "h200"),
    (r"\bH100\b.*\bPCIe\b", "h100-pcie"),
    (r"\bH100\b", "h100-sxm"),
    (r"\bA100\b.*\b80\s?GB\b", "a100-80gb-sxm"),
    (r"\bA100\b", "a100-40gb-sxm"),
    (r"\bV100\b", "v100-sxm2"),
    (r"\bL40S\b", "l40s"),
    (r"\bL4\b", "l4"),
    (r"\bRTX 4090\b", "rtx-4090"),
    (r"\bRTX 5090\b", "rtx-5090"),
)


class LabError(Exception):
    """A lab could not run to a valid result. Subclasses say why; none writes a record.

        LabError
         ├── CheckFailed      a kernel's output disagreed with its reference: no timing is kept
         └── NotAvailable     the machine lacks what the lab needs (a GPU, two GPUs, a package)
    """


class CheckFailed(LabError):
    """A kernel computed the wrong thing, so timing it would measure nothing worth keeping."""


class NotAvailable(LabError):
    """What the lab needs is not on this machine; it says what is missing."""


# ---------------------------------------------------------------------------------------------
# Pure parts: statistics, GPU rows, nvidia-smi, records. Tested in CI, without a GPU.


def median(values: Sequence[float]) -> float:
    """The median, not the mean: one run delayed by the host or a clock change must not move it."""
    if not values:
        raise ValueError("no timings to summarise")
    return float(statistics.median(values))


def gpu_row_for(device_name: str) -> str | None:
    """The data/gpus.yml row a device name is, or None: the record must name a known GPU."""
    for pattern, row in GPU_ROWS:
        if re.search(pattern, device_name, flags=re.IGNORECASE):
            return row
    return None


def load_gpu(row_id: str, path: Path = GPUS_YML) -> dict[str, Any]:
    """The vendor's numbers for one GPU, its figure groups merged: the predictions start here."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    for gpu in data.get("gpus", []):
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
    import yaml

    return yaml.safe_load(path.read_text(encoding="utf-8"))["labs"]


SMI_FIELDS = ("clocks.sm", "clocks.mem", "power.limit", "temperature.gpu")
STATE_KEYS = ("sm_clock_mhz", "memory_clock_mhz", "power_limit_w", "temperature_c")


def parse_smi(line: str) -> dict[str, float | None]:
    """One line of `nvidia-smi --query-gpu=... --format=csv,noheader,nounits`, as numbers.

    A field nvidia-smi cannot read ("[N/A]", "[Not Supported]") becomes None rather than
    failing the lab: the record then says the condition was unreadable, not that it was zero.
    """
    parts = [p.strip() for p in line.strip().split(",")]
    if len(parts) != len(STATE_KEYS):
        raise ValueError(f"expected {len(STATE_KEYS)} fields from nvidia-smi, got {line!r}")
    state: dict[str, float | None] = {}
    for key, text in zip(STATE_KEYS, parts):
        try:
            number = float(text)
        except ValueError:
            state[key] = None
            continue
        state[key] = int(number) if number.is_integer() else number
    return state


def smi(fields: Sequence[str], index: int = 0) -> str | None:
    """One GPU's answer to `nvidia-smi --query-gpu=FIELDS` (CSV, no header, no units), or None
    where nvidia-smi is missing or fails: the labs read conditions through it, never set them."""
    query = ["nvidia-smi", f"--query-gpu={','.join(fields)}", "--format=csv,noheader,nounits", "-i", str(index)]
    try:
        out = subprocess.run(query, capture_output=True, text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.splitlines()
    return lines[0].strip() if lines and lines[0].strip() else None


def gpu_state(index: int = 0) -> dict[str, float | None]:
    """Clocks, power limit and temperature now, read (never set) through nvidia-smi."""
    line = smi(SMI_FIELDS, index)
    try:
        return parse_smi(line) if line else dict.fromkeys(STATE_KEYS)
    except ValueError:
        return dict.fromkeys(STATE_KEYS)


def driver_version() -> str:
    """The driver, as nvidia-smi reports it; 'unknown' where it cannot be read."""
    return smi(["driver_version"]) or "unknown"


def labs_commit(root: Path = ROOT) -> str:
    """The commit the labs ran from, so a record can be traced to the code that made it."""
    env_commit = os.environ.get("GPULIST_LABS_COMMIT", "").strip()
    if re.fullmatch(r"[0-9a-f]{7,40}", env_commit):
        return env_commit[:12]
    try:
        out = subprocess.run(["git", "-C", str(root), "rev-parse", "--short=12", "HEAD"],
                             capture_output=True, text=True, timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "labs"],
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
        return "uncommitted" if dirty else out
    except (OSError, subprocess.SubprocessError):
        return "uncommitted"


@dataclass
class Series:
    """One curve (or one set of bars) of a lab's chart, with its axes' labels and units."""

    id: str
    label: str
    x_label: str
    x_unit: str
    y_label: str
    y_unit: str
    scale: str = "linear"
    points: list[dict[str, Any]] = field(default_factory=list)

    def add(self, x: float | str, y: float, predicted: float | None = None) -> None:
        point: dict[str, Any] = {"x": x, "y": round(float(y), 4)}
        if predicted is not None:
            point["predicted"] = round(float(predicted), 4)
        self.points.append(point)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label,
                "x": {"label": self.x_label, "unit": self.x_unit},
                "y": {"label": self.y_label, "unit": self.y_unit},
                "scale": self.scale, "points": self.points}


@dataclass
class Result:
    """What a lab hands back: its series, its ceilings, the summary table and one finding."""

    parameters: dict[str, Any]
    series: list[Series]
    summary: list[dict[str, Any]]
    finding: str
    ceilings: list[dict[str, Any]] = field(default_factory=list)
    l2_flushed: bool = True
    repeats: int = 0
    warmup: int = 0
    gpu_count: int = 1


def summary_row(what: str, measured: float, predicted: float | None, unit: str) -> dict[str, Any]:
    """One row of the measured-against-predicted table."""
    row: dict[str, Any] = {"what": what, "measured": round(float(measured), 4)}
    row["predicted"] = None if predicted is None else round(float(predicted), 4)
    row["unit"] = unit
    return row


def build_record(lab_id: str, gpu_id: str, conditions: dict[str, Any], result: Result,
                 wall_s: float) -> dict[str, Any]:
    """The record as data, keys in the order a reader meets them."""
    return {
        "lab": lab_id,
        "gpu": gpu_id,
        "conditions": {**conditions, "gpu_count": result.gpu_count},
        "method": {"warmup": result.warmup, "repeats": result.repeats, "statistic": "median",
                   "timer": "cuda-events", "l2_flushed": result.l2_flushed, "data": "random",
                   "checked": True},
        "parameters": result.parameters,
        "series": [s.as_dict() for s in result.series],
        **({"ceilings": result.ceilings} if result.ceilings else {}),
        "summary": result.summary,
        "finding": result.finding,
        "reproduce": f"python labs/run.py --lab {lab_id}",
        "wall_s": round(wall_s, 1),
    }


HEADER = ("# Written by labs/run.py on a real run; never edited by hand.\n"
          "# yaml-language-server: $schema=../../../schemas/measurement.schema.json\n")


def write_record(record: dict[str, Any], out_dir: Path) -> Path:
    """Write one record atomically: a lab stopped half-way leaves no file, not half a file."""
    import yaml

    folder = out_dir / record["gpu"]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{record['lab']}.yml"
    tmp = path.with_suffix(".yml.part")
    text = HEADER + yaml.safe_dump(record, sort_keys=False, default_flow_style=None, width=100,
                                   allow_unicode=True)
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return path


def base_conditions(device_name: str, props: dict[str, Any], versions: dict[str, str]) -> dict[str, Any]:
    """Every condition a reader needs to compare a run with theirs, in the record's order."""
    return {
        "gpu_name": device_name,
        "sm_count": props["sm_count"],
        "l2_mb": round(props["l2_bytes"] / 2**20, 1),
        "memory_gib": round(props["memory_bytes"] / 2**30, 1),
        "driver": versions["driver"],
        "cuda": versions["cuda"],
        "torch": versions["torch"],
        "triton": versions["triton"],
        "python": platform.python_version(),
        "date": _dt.datetime.now(_dt.timezone.utc).date().isoformat(),
        "labs_commit": versions["labs_commit"],
    }


# ---------------------------------------------------------------------------------------------
# GPU parts: timing and checking. Tested on the GPU machine (tests marked `gpu`).


@dataclass
class Context:
    """What every lab gets: the device, the vendor's numbers for it, and the method's settings."""

    gpu: dict[str, Any]
    device_name: str
    props: dict[str, Any]
    quick: bool = False
    repeats: int = 30
    warmup: int = 5
    _flush: Any = None

    def flush_l2(self) -> None:
        """Overwrite a buffer twice the L2's size, so the next run starts from device memory."""
        import torch

        if self._flush is None:
            self._flush = torch.empty(2 * self.props["l2_bytes"] // 4 + 1024, dtype=torch.int32, device="cuda")
        self._flush.fill_(1)


def device_props(index: int = 0) -> dict[str, Any]:
    """The device's own counts: SMs, L2 and memory size, as the driver reports them."""
    import torch

    p = torch.cuda.get_device_properties(index)
    return {"sm_count": p.multi_processor_count, "l2_bytes": int(getattr(p, "L2_cache_size", 50 * 2**20)),
            "memory_bytes": int(p.total_memory), "capability": f"{p.major}.{p.minor}"}


def time_ms(ctx: Context, fn: Callable[[], Any], *, flush: bool = True, repeats: int | None = None,
            warmup: int | None = None) -> float:
    """The median time of `fn` in milliseconds, each run between two CUDA events.

    The flush runs outside the events, so it costs nothing in the figure; it only empties the
    cache the timed run would otherwise find warm.
    """
    import torch

    repeats = repeats or ctx.repeats
    for _ in range(warmup if warmup is not None else ctx.warmup):
        fn()
    starts = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    ends = [torch.cuda.Event(enable_timing=True) for _ in range(repeats)]
    for start, end in zip(starts, ends):
        if flush:
            ctx.flush_l2()
        start.record()
        fn()
        end.record()
    torch.cuda.synchronize()
    return median([s.elapsed_time(e) for s, e in zip(starts, ends)])


def check_close(what: str, out: Any, ref: Any, rtol: float) -> float:
    """Relative error ||out - ref|| / ||ref|| in float64; raise CheckFailed past `rtol` or on NaN."""
    import torch

    out64, ref64 = out.detach().to(torch.float64), ref.detach().to(torch.float64)
    if out64.shape != ref64.shape:
        raise CheckFailed(f"{what}: shape {tuple(out64.shape)} != reference {tuple(ref64.shape)}")
    err = float(torch.linalg.vector_norm(out64 - ref64) / torch.linalg.vector_norm(ref64).clamp_min(1e-30))
    if not err <= rtol:  # NaN fails this too
        raise CheckFailed(f"{what}: relative error {err:.3g} > {rtol:.3g}")
    return err


def check_equal(what: str, out: Any, ref: Any) -> None:
    """Exact equality, for kernels that only move data (copies, transposes)."""
    import torch

    if out.shape != ref.shape or not torch.equal(out, ref):
        raise CheckFailed(f"{what}: output differs from the reference")


def random(shape: Sequence[int] | int, dtype: Any = None, device: str = "cuda") -> Any:
    """Random normal data (never zeros), in float32 unless a dtype is given."""
    import torch

    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return torch.randn(shape, device=device, dtype=torch.float32).to(dtype or torch.float32)


def random_positive(shape: Sequence[int] | int, device: str = "cuda") -> Any:
    """Random float32 in [0.5, 1.5): for sums checked against a reference, which a sum near zero
    (as random normal data can give) would make a relative check meaningless."""
    import torch

    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return torch.rand(shape, device=device) + 0.5
