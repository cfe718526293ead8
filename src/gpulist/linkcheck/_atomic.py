"""The cache and state files: versioned JSON, written atomically, distrusted when foreign."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gpulist.files import write_atomic


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def read_json(path: Path, kind: str, version: int) -> tuple[dict | None, str | None]:
    """(payload, None) or (None, why it was not usable); a missing file is simply empty."""
    if not path.exists():
        return {}, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, f"{path} is not readable JSON ({exc.__class__.__name__}); ignoring it"
    if not isinstance(data, dict) or data.get("format") != kind or data.get("version") != version:
        return None, f"{path} is not a {kind} file of version {version}; ignoring it"
    entries = data.get("entries")
    if not isinstance(entries, dict):
        return None, f"{path} has no entries; ignoring it"
    return entries, None
