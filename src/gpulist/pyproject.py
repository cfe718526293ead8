"""The `[tool.gpulist.<name>]` sections of pyproject.toml, where commands keep their settings."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from gpulist.files import Refused, read_guarded
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
