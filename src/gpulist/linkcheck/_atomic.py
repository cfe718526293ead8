"""Writing a file so that readers see the old or the new content, never half of it.

A CI job killed mid-write (timeout, cancelled run) must not leave a truncated cache that
the next run then has to distrust.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


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
