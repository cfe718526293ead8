"""A graded result: lines for the terminal, and a record to keep beside the labs' records.

The record (`--out FILE.yml`) says what was graded (problem, solution file and its SHA-256, the
GPU), how (the stopping rule, the L2 flushed, the ceiling and where it came from), and per shape
the median time with its quartiles, the achieved rate, the share of the roof and the model's
time; a refused or wrong solution's record keeps the reason and no score. Pure: tested without
a GPU.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from grading import problems, score
from grading.ceilings import Ceiling

SCHEMA = 1


def shape_scores(problem: dict[str, Any], timings: list[dict[str, Any]], ceiling: Ceiling,
                 bandwidth: float | None, tflops: float | None) -> list[score.ShapeScore]:
    """Each timed shape's score against the ceiling, with the roofline's time beside it."""
    found = []
    for t in timings:
        nbytes, flops = problems.amounts(problem, t["shape"])
        amount = nbytes if problem["resource"] == "memory" else flops
        spread = (t["q3_ms"] - t["q1_ms"]) / t["ms"] if t["ms"] else 0.0
        found.append(score.shape_score(t["shape"], t["ms"], spread, amount, problem["resource"], ceiling.value,
                                       score.predicted_ms(nbytes, flops, bandwidth, tflops)))
    return found


def shape_text(shape: dict[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in shape.items())


def lines(problem: dict[str, Any], scores: list[score.ShapeScore], ceiling: Ceiling, notes: list[str]) -> list[str]:
    """The graded table: each shape's time, rate, share of the roof and the model's time, then the score."""
    unit = score.UNITS[problem["resource"]][0]
    out = [f"{'shape':<28} {'median ms':>10} {'±':>6} {unit:>9} {'of roof':>8} {'model ms':>9}"]
    for s in scores:
        model = f"{s.predicted_ms:9.4f}" if s.predicted_ms is not None else f"{'-':>9}"
        out.append(f"{shape_text(s.shape):<28} {s.ms:10.4f} {s.spread / 2:6.1%} {s.achieved:9.1f} {s.score:8.1%} {model}")
    out.append(f"score {score.overall(scores):.1%} of the measured roof (geometric mean over {len(scores)} shapes)")
    out.append(f"ceiling: {ceiling.says()}")
    out.extend(f"note: {n}" for n in notes)
    return out


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def record(problem: dict[str, Any], solution: Path, gpu: str | None, outcome: dict[str, Any],
           scores: list[score.ShapeScore] | None, ceiling: Ceiling | None, notes: list[str]) -> dict[str, Any]:
    """What a graded run keeps: enough to compare with a later run, or to refuse to."""
    rec: dict[str, Any] = {"schema": SCHEMA, "problem": problem["id"], "solution": solution.name,
                           "sha256": digest(solution), "gpu": gpu, "device_name": outcome.get("device_name")}
    if scores is None:
        rec["verdict"] = "refused" if "refused" in outcome else "wrong"
        rec["rule"] = outcome.get("refused", {}).get("rule")
        rec["reason"] = outcome.get("refused", {}).get("reason") or outcome.get("wrong")
        return rec
    rec["verdict"] = "graded"
    rec["score"] = round(score.overall(scores), 4)
    rec["method"] = {"timer": "cuda-events", "statistic": "median", "l2_flushed": True, "warmup": outcome["warmup"],
                     "sampling": outcome["rule"], "telemetry": outcome["telemetry"]}
    rec["ceiling"] = {"metric": ceiling.metric, "value": ceiling.value, "unit": ceiling.unit, "lab": ceiling.lab,
                      "gpu": ceiling.gpu, "source": ceiling.source}
    rec["notes"] = notes
    rec["shapes"] = [{"shape": s.shape, "ms": round(s.ms, 6), "spread": round(s.spread, 4),
                      "achieved": round(s.achieved, 3), "score": round(s.score, 4),
                      "predicted_ms": None if s.predicted_ms is None else round(s.predicted_ms, 6)} for s in scores]
    return rec
