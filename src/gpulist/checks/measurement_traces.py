"""A record's profiler trace lies beside it, is gzipped Chrome trace JSON, and is small.

The site draws each trace as a timeline at build time and offers it for download (to open
in Perfetto), so a trace that is missing, not gzip, not JSON, without its `traceEvents`
list, or over the size limit would break a page or weigh it down; and the record's `bytes`
is the file's size, which the download link states (labs/RECORDS.md, rule 6). Each trace is
reported once, at its file name, or at `bytes` where only the size disagrees. The loader
read the bytes (gpulist.load.traces); nothing here reads a file.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from typing import Any

from gpulist.checks._labs import items, v2_records
from gpulist.checks._util import at_doc
from gpulist.load import Catalog
from gpulist.load.catalog import TraceFile
from gpulist.models.measurement_v2 import TRACE_LIMIT
from gpulist.problems import Problem

RULE = "measurement-trace"
MAX_UNZIPPED = 64 * 2**20  # a gzip bomb stops here: a real trace of a few dozen kernels is far smaller


def decode(data: bytes) -> Any:
    """The trace's JSON; ValueError (with what is wrong) where it is not gzipped JSON."""
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as f:
            text = f.read(MAX_UNZIPPED + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise ValueError(f"is not gzip ({exc})") from exc
    if len(text) > MAX_UNZIPPED:
        raise ValueError(f"unzips to more than {MAX_UNZIPPED:,} bytes")
    try:
        return json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"is not valid JSON once unzipped ({exc})") from exc


def trouble(trace: TraceFile | None) -> str | None:
    """What is wrong with the file itself, or None."""
    if trace is None or trace.size is None:
        return "is not beside the record: labs/run.py writes each trace next to its record"
    if trace.data is None:
        return f"is {trace.size:,} bytes gzipped, over the {TRACE_LIMIT:,} a trace may be: profile less"
    try:
        found = decode(trace.data)
    except ValueError as exc:
        return str(exc)
    if not isinstance(found, dict) or not isinstance(found.get("traceEvents"), list):
        return "has no `traceEvents` list: not a Chrome trace"
    return None


def check(catalog: Catalog) -> list[Problem]:
    problems = []
    for doc, data in v2_records(catalog):
        for i, item in items(data, "traces"):
            name = item.get("file")
            if not isinstance(name, str):
                continue
            trace = catalog.trace_files.get((doc.path, name))
            why = trouble(trace)
            if why:
                problems.append(at_doc(doc, ("traces", i, "file"), f"trace {name} {why}", RULE))
            elif trace and isinstance(item.get("bytes"), int) and item["bytes"] != trace.size:
                problems.append(at_doc(doc, ("traces", i, "bytes"), f"the trace is {trace.size:,} bytes, not "
                                       f"{item['bytes']:,}", RULE))
    return problems
