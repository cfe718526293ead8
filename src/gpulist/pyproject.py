"""The `[tool.gpulist.<name>]` sections of pyproject.toml, where commands keep their settings.

Above `gpulist.files`: pyproject.toml is read through its guard, and the guard's own
setting (`[tool.gpulist.files] max_bytes`) is looked up here, so the two never import
each other.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

from gpulist.files import DEFAULT_MAX_BYTES, SETTINGS, Refused, read_guarded
from gpulist.problems import UsageError


def tool_section(path: Path, name: str) -> dict[str, Any]:
    """`[tool.gpulist.<name>]` of the file at `path`, empty when absent; unreadable is a usage error."""
    try:
        data = tomllib.loads(read_guarded(path).decode("utf-8"))
    except Refused as exc:
        raise UsageError(f"cannot read {path}: {exc.message}") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"cannot read {path}: {exc}") from None
    return dict(data.get("tool", {}).get("gpulist", {}).get(name, {}))


def size_limit(start: Path | None = None) -> int:
    """`max_bytes` of `[tool.gpulist.files]` in the nearest pyproject.toml, else the default.

    Looked up once per command, never per file: thousands of reads share one answer.
    """
    folder = Path(os.path.abspath(start or Path.cwd()))
    path = next((f / "pyproject.toml" for f in (folder, *folder.parents) if (f / "pyproject.toml").is_file()), None)
    section = tool_section(path, SETTINGS) if path else {}
    unknown = sorted(set(section) - {"max_bytes"})
    if unknown:
        raise UsageError(f"{path}: unknown setting(s) in [tool.gpulist.{SETTINGS}]: {', '.join(unknown)}")
    value = section.get("max_bytes", DEFAULT_MAX_BYTES)
    if type(value) is not int or value < 1:
        raise UsageError(f"{path}: [tool.gpulist.{SETTINGS}] max_bytes must be a positive whole number of bytes")
    return value
