"""The JSON report: what tools consume and what `merge-link-reports` reads back.

Reading is strict about shape (a shard's report that is not ours must not be merged as
if it were) and reports the problem as a usage error rather than a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path

from gpulist.files import Refused, read_guarded
from gpulist.linkcheck.model import Result, Run, Source, Verdict, summary
from gpulist.problems import UsageError


REPORT_MAX_BYTES = 256 * 1024 * 1024  # a report of 10,000 links is a few MB


def as_json(results: list[Result], network_down: str | None = None) -> str:
    """One result per line: readable, diffable, and written by json's C encoder (indent= is pure Python).

    `summary` counts verdicts; a run that found the network unavailable adds
    `"network": "down"` to it (the reason is in each affected result's `detail`).
    """
    items = ",\n    ".join(json.dumps(_item(r), ensure_ascii=False) for r in results)
    body = f"[\n    {items}\n  ]" if results else "[]"
    counts: dict[str, int | str] = dict(summary(results))
    if network_down:
        counts["network"] = "down"
    return f'{{\n  "results": {body},\n  "summary": {json.dumps(counts)}\n}}'


def _item(r: Result) -> dict:
    return {"url": r.url, "verdict": r.verdict.value, "status": r.status, "final_url": r.final_url,
            "detail": r.detail, "attempts": r.attempts, "elapsed_ms": r.elapsed_ms,
            "sources": [{"file": s.file, "line": s.line} for s in r.sources], "cached": r.cached}


def read_report(path: Path) -> list[Result]:
    return read_run(path).results


def read_run(path: Path) -> Run:
    """A shard's report, including whether that shard found the network down."""
    try:
        data = json.loads(read_guarded(path, REPORT_MAX_BYTES).decode("utf-8"))
        results = [_result(item) for item in data["results"]]
        down = data.get("summary", {}).get("network") == "down"
        return Run(results, f"{path} was written by a run that found the network unavailable" if down else None)
    except Refused as exc:
        raise UsageError(f"cannot read {path}: {exc.message}") from None
    except OSError as exc:
        raise UsageError(f"cannot read {path}: {exc.strerror}") from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise UsageError(f"{path} is not a check-links JSON report ({type(exc).__name__}: {exc})") from None


def _result(item: dict) -> Result:
    sources = [Source(str(s["file"]), int(s["line"])) for s in item["sources"]]
    status = item.get("status")
    return Result(str(item["url"]), Verdict(item["verdict"]), int(status) if status is not None else None,
                  item.get("final_url"), str(item.get("detail", "")), int(item.get("attempts", 0)),
                  int(item.get("elapsed_ms", 0)), sources, bool(item.get("cached", False)))
