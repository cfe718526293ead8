"""What the machine is: the conditions a reader needs to compare their run with this one.

Everything here is read, never set: nvidia-smi and NVML answer questions, and a value that
cannot be read is None (the record then says "unreadable", which is not zero).
"""

from __future__ import annotations

import datetime as _dt
import os
import platform
import re
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .catalog import ROOT

SMI_FIELDS = ("clocks.sm", "clocks.mem", "power.limit", "temperature.gpu")
STATE_KEYS = ("sm_clock_mhz", "memory_clock_mhz", "power_limit_w", "temperature_c")


def parse_smi(line: str) -> dict[str, float | None]:
    """One line of `nvidia-smi --query-gpu=... --format=csv,noheader,nounits`, as numbers.
    A field nvidia-smi cannot read ("[N/A]", "[Not Supported]") becomes None."""
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
    """One GPU's answer to `nvidia-smi --query-gpu=FIELDS` (CSV, no header, no units), or None."""
    query = ["nvidia-smi", f"--query-gpu={','.join(fields)}", "--format=csv,noheader,nounits", "-i", str(index)]
    try:
        out = subprocess.run(query, capture_output=True, text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.splitlines()
    return lines[0].strip() if lines and lines[0].strip() else None


def gpu_state(index: int = 0) -> dict[str, float | None]:
    """Clocks, power limit and temperature now."""
    line = smi(SMI_FIELDS, index)
    try:
        return parse_smi(line) if line else dict.fromkeys(STATE_KEYS)
    except ValueError:
        return dict.fromkeys(STATE_KEYS)


def pcie_link(line: str | None) -> str | None:
    """'Gen5 x16' from nvidia-smi's "gen, width" of the link in use, or None."""
    try:
        gen, width = (int(v) for v in (line or "").split(","))
    except ValueError:
        return None
    return f"Gen{gen} x{width}"


def cpu_model(cpuinfo: str) -> str | None:
    """The first 'model name' of /proc/cpuinfo's text."""
    found = re.search(r"^model name\s*:\s*(.+)$", cpuinfo, flags=re.MULTILINE)
    return found.group(1).strip() if found else None


def boot_id() -> str:
    """This boot of the machine: runs with different boot ids came from separate machine starts."""
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return "unknown"


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


def libraries() -> dict[str, str | None]:
    """cuBLAS, cuDNN and NCCL as this PyTorch loads them: the libraries whose kernels ran."""
    import importlib.metadata as md

    import torch

    found: dict[str, str | None] = {}
    try:
        found["cublas"] = md.version("nvidia-cublas")
    except md.PackageNotFoundError:
        found["cublas"] = None
    cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    found["cudnn"] = str(cudnn) if cudnn else None
    try:
        found["nccl"] = ".".join(str(v) for v in torch.cuda.nccl.version())
    except Exception:  # noqa: BLE001 - a build without NCCL
        found["nccl"] = None
    return found


def versions() -> dict[str, Any]:
    """The software the numbers depend on, read once per run."""
    import torch

    try:
        import triton
        triton_version = triton.__version__
    except ImportError:
        triton_version = "none"
    try:
        cpu = cpu_model(Path("/proc/cpuinfo").read_text())
    except OSError:
        cpu = platform.processor() or None
    return {"driver": smi(["driver_version"]) or "unknown", "cuda": str(torch.version.cuda),
            "torch": str(torch.__version__), "triton": str(triton_version), "labs_commit": labs_commit(),
            "cpu": cpu, "pcie": pcie_link(smi(["pcie.link.gen.current", "pcie.link.width.current"])),
            "libraries": libraries()}


def base_conditions(device_name: str, props: dict[str, Any], vers: dict[str, Any]) -> dict[str, Any]:
    """Every condition a reader needs to compare a run with theirs, in the record's order."""
    return {
        "gpu_name": device_name, "sm_count": props["sm_count"], "l2_mb": round(props["l2_bytes"] / 2**20, 1),
        "memory_gib": round(props["memory_bytes"] / 2**30, 1), "driver": vers["driver"], "cuda": vers["cuda"],
        "torch": vers["torch"], "triton": vers["triton"], "python": platform.python_version(),
        "date": _dt.datetime.now(_dt.timezone.utc).date().isoformat(), "labs_commit": vers["labs_commit"],
        "cpu": vers["cpu"], "pcie": vers["pcie"], "libraries": vers["libraries"], "runs": 1, "machine_starts": 1,
    }
