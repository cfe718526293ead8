"""The profiler traces a version 2 record keeps beside it, read as bytes and no further than the limit.

The record names each trace (`traces[].file`, labs/RECORDS.md); the loader reads what lies
there once, so the trace rule (gpulist.checks.measurement_traces) and the site's timeline and
download read the same bytes. A file over the limit is never read whole: its size is what
the rule reports. Names are plain file names (the model's pattern), so nothing outside the
record's folder is read; a linked file is not followed.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from gpulist.load.catalog import TraceFile
from gpulist.models.measurement_v2 import TRACE_LIMIT


def trace_names(data: Any) -> list[str]:
    """The file names a record's `traces` list names, as written (bad items are the model's to report)."""
    traces = data.get("traces") if isinstance(data, dict) else None
    names = []
    for item in traces if isinstance(traces, list) else []:
        name = item.get("file") if isinstance(item, dict) else None
        if isinstance(name, str) and name and os.path.basename(name) == name and name not in (".", ".."):
            names.append(name)
    return names


def read_trace(folder: Path, name: str, limit: int = TRACE_LIMIT) -> TraceFile:
    """The trace beside a record: missing, over the limit (size only), or its bytes."""
    path = folder / name
    if os.path.islink(path) or not path.is_file():
        return TraceFile(path, None, None)
    size = path.stat().st_size
    if size > limit:
        return TraceFile(path, size, None)
    with open(path, "rb") as f:
        data = f.read(limit + 1)
    return TraceFile(path, len(data), data if len(data) <= limit else None)


def read_traces(doc_path: str, data: Any) -> dict[str, TraceFile]:
    folder = Path(doc_path).parent
    return {name: read_trace(folder, name) for name in trace_names(data)}
