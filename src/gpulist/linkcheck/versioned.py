"""Versioned JSON files, written atomically and distrusted when foreign: the link checker's
cache and state, and `gpulist watch`'s state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gpulist.files import Refused, read_guarded, write_atomic

# The cache of a 10,000-link list is a few MB; a file far larger is not ours.
MAX_BYTES = 64 * 1024 * 1024


def write_json(path: Path, data: Any) -> None:
    write_atomic(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


def read_versioned(path: Path, kind: str, version: int) -> tuple[dict | None, str | None]:
    """(document, None), ({}, None) when there is no file yet, or (None, why it is not usable).

    Read through the same guard as data files: .gpulist-cache/ is git-ignored, but a pull
    request can still commit a link or a FIFO there, and CI would hang on it. Shared by the
    link checker's cache and state and by `gpulist watch`'s state.
    """
    try:
        data = json.loads(read_guarded(path, MAX_BYTES).decode("utf-8"))
    except FileNotFoundError:
        return {}, None
    except Refused as exc:
        return None, f"{path}: {exc.message}"
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        return None, f"{path} is not readable JSON ({exc.__class__.__name__})"
    if not isinstance(data, dict) or data.get("format") != kind or data.get("version") != version:
        return None, f"{path} is not a {kind} file of version {version}"
    return data, None


def read_json(path: Path, kind: str, version: int) -> tuple[dict | None, str | None]:
    """(entries, None) or (None, why it was not usable); a missing file is simply empty."""
    data, why = read_versioned(path, kind, version)
    if why is not None:
        return None, f"{why}; ignoring it"
    if not data:
        return {}, None
    entries = data.get("entries")
    if not isinstance(entries, dict):
        return None, f"{path} has no entries; ignoring it"
    return entries, None
