"""A lab's result as data, and the record file it becomes (labs/RECORDS.md is the format).

A lab builds `Series` of points, each point a `Value` (median, quartiles, sample count and the
telemetry sampled while it ran) with either a model's `predicted` value or a `bound`, never
both; `Model`s name the terms their predictions come from. `build_record` lays it all out in
the order a reader meets it and `write_record` writes it atomically, traces beside it, so a lab
stopped half-way leaves no file. Pure: tested without a GPU.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .stats import Sample, StoppingRule
from .telemetry import throttled

SCHEMA = 2
TIME_UNITS = ("s", "ms", "us", "ns")
TRACE_LIMIT = 262_144  # bytes, gzipped: a trace of a few dozen kernels is far smaller


def _r(value: float) -> float:
    """Four significant decimals past the point are plenty for any figure the labs report."""
    return round(float(value), 4)


@dataclass(frozen=True)
class Value:
    """One measured figure in its axis's unit: the median, the quartiles, the sample count."""

    y: float
    q1: float
    q3: float
    n: int
    telemetry: dict | None = None

    @classmethod
    def rate(cls, sample: Sample, amount: float, scale: float = 1.0) -> "Value":
        """`amount` (bytes, FLOPs) per second times `scale` (1e-9 for GB/s, 1e-12 for TFLOPS)."""
        y, q1, q3 = (v * scale for v in sample.rate(amount))
        return cls(y, q1, q3, sample.n, sample.telemetry)

    @classmethod
    def time(cls, sample: Sample, factor: float = 1.0) -> "Value":
        """The sample's time in ms times `factor` (1e3 / count for microseconds per kernel)."""
        y, q1, q3 = sample.scaled(factor)
        return cls(y, q1, q3, sample.n, sample.telemetry)

    @property
    def spread(self) -> float:
        return (self.q3 - self.q1) / self.y if self.y else float("inf")


def point(x: float | str, value: Value, predicted: float | None = None, bound: float | None = None) -> dict[str, Any]:
    """One point of a series, as the record writes it."""
    if predicted is not None and bound is not None:
        raise ValueError("a point has a model's prediction or a bound, never both")
    p: dict[str, Any] = {"x": x, "y": _r(value.y), "q1": _r(min(value.q1, value.y)), "q3": _r(max(value.q3, value.y)),
                         "n": int(value.n)}
    if predicted is not None:
        p["predicted"] = _r(predicted)
    if bound is not None:
        p["bound"] = _r(bound)
    if value.telemetry is not None:
        p["throttled"] = throttled(value.telemetry["reasons"])
        p["telemetry"] = value.telemetry
    return p


@dataclass
class Series:
    """One curve (or one set of bars) of a lab's chart, with its axes and the model it is drawn against."""

    id: str
    label: str
    x_label: str
    x_unit: str
    y_label: str
    y_unit: str
    scale: str = "linear"
    model: str | None = None
    points: list[dict[str, Any]] = field(default_factory=list)

    def add(self, x: float | str, value: Value, predicted: float | None = None, bound: float | None = None) -> dict:
        if predicted is not None and self.model is None:
            raise ValueError(f"series {self.id!r} has a prediction but names no model")
        self.points.append(point(x, value, predicted, bound))
        return self.points[-1]

    def at(self, x: float | str) -> dict[str, Any]:
        return next(p for p in self.points if p["x"] == x)

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "label": self.label, "x": {"label": self.x_label, "unit": self.x_unit},
                               "y": {"label": self.y_label, "unit": self.y_unit}, "scale": self.scale}
        if self.model:
            out["model"] = self.model
        out["points"] = self.points
        return out


@dataclass(frozen=True)
class Term:
    """One input of a model: its value and where it came from (measured by a lab, read by a
    counter, the vendor's datasheet, or fixed by the hardware's design)."""

    symbol: str
    name: str
    value: float
    unit: str
    source: str  # measured | counter | vendor | fixed | device
    from_: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out = {"symbol": self.symbol, "name": self.name, "value": _r(self.value), "unit": self.unit,
               "source": self.source}
        if self.from_:
            out["from"] = self.from_
        return out


@dataclass(frozen=True)
class Model:
    """What a lab's predictions are computed from, shown on the page beside them."""

    id: str
    name: str
    formula: str
    terms: tuple[Term, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "formula": self.formula, "terms": [t.as_dict() for t in self.terms]}


def ratio_of(measured: float, against: float, unit: str, kind: str) -> float:
    """x-model: measured over predicted, whatever the unit; share-of-bound: how much of the bound's
    pace was reached (measured over bound for a rate, bound over measured for a time)."""
    if kind == "share-of-bound" and unit in TIME_UNITS:
        return against / measured
    return measured / against


def summary_row(what: str, value: Value, unit: str, *, predicted: float | None = None, model: str | None = None,
                bound: float | None = None) -> dict[str, Any]:
    """One row of the measured-against-model table, its ratio named for what it is."""
    if (predicted is None) != (model is None):
        raise ValueError(f"summary {what!r}: a prediction names its model, and a model its prediction")
    if predicted is not None and bound is not None:
        raise ValueError(f"summary {what!r}: a prediction or a bound, never both")
    row: dict[str, Any] = {"what": what, "measured": _r(value.y), "unit": unit, "spread": _r(value.spread),
                           "run_spread": 0.0}
    if predicted is not None:
        row.update(predicted=_r(predicted), model=model, ratio_kind="x-model",
                   ratio=_r(ratio_of(value.y, predicted, unit, "x-model")))
    elif bound is not None:
        row.update(bound=_r(bound), ratio_kind="share-of-bound", ratio=_r(ratio_of(value.y, bound, unit, "share-of-bound")))
    return row


def from_point(what: str, series: Series, x: float | str, unit: str | None = None) -> dict[str, Any]:
    """The summary row of one point of a series, with that point's prediction or bound."""
    p = series.at(x)
    value = Value(p["y"], p["q1"], p["q3"], p["n"])
    return summary_row(what, value, unit or series.y_unit, predicted=p.get("predicted"),
                       model=series.model if "predicted" in p else None, bound=p.get("bound"))


@dataclass
class Trace:
    """A profiler trace kept with the record: gzipped Chrome trace JSON, opened in Perfetto."""

    name: str
    what: str
    data: bytes
    kernels: int


@dataclass
class Result:
    """What a lab hands back: its series, models, ceilings, summary and one finding."""

    parameters: dict[str, Any]
    series: list[Series]
    summary: list[dict[str, Any]]
    finding: str
    models: list[Model] = field(default_factory=list)
    ceilings: list[dict[str, Any]] = field(default_factory=list)
    withheld: list[dict[str, Any]] = field(default_factory=list)
    traces: list[Trace] = field(default_factory=list)
    calibration: dict[str, float] = field(default_factory=dict)
    l2_flushed: bool = True
    warmup: int = 0
    gpu_count: int = 1


def build_record(lab_id: str, gpu_id: str, conditions: dict[str, Any], result: Result, wall_s: float,
                 rule: StoppingRule, telemetry: str, counters: dict[str, Any]) -> dict[str, Any]:
    """The record as data, keys in the order a reader meets them."""
    record: dict[str, Any] = {
        "schema": SCHEMA, "lab": lab_id, "gpu": gpu_id,
        "conditions": {**conditions, "gpu_count": result.gpu_count},
        "method": {"warmup": result.warmup, "statistic": "median", "spread": "iqr", "timer": "cuda-events",
                   "l2_flushed": result.l2_flushed, "data": "random", "checked": True, "sampling": rule.as_dict(),
                   "telemetry": telemetry},
        "parameters": result.parameters,
        "models": [m.as_dict() for m in result.models],
        "series": [s.as_dict() for s in result.series],
    }
    for key in ("ceilings", "withheld"):
        if getattr(result, key):
            record[key] = getattr(result, key)
    if result.calibration:
        record["calibration"] = [{"key": k, "value": _r(v)} for k, v in result.calibration.items()]
    record["counters"] = counters
    record["traces"] = [trace_entry(lab_id, t) for t in result.traces]
    record.update(summary=result.summary, finding=result.finding, reproduce=f"python labs/run.py --lab {lab_id}",
                  wall_s=round(wall_s, 1))
    return record


def trace_file(lab_id: str, trace: Trace) -> str:
    return f"{lab_id}.{trace.name}.trace.json.gz"


def trace_entry(lab_id: str, trace: Trace) -> dict[str, Any]:
    return {"file": trace_file(lab_id, trace), "what": trace.what, "bytes": len(trace.data), "kernels": trace.kernels}


HEADER = ("# Written by labs/run.py on a real run; never edited by hand.\n"
          "# yaml-language-server: $schema=../../../schemas/measurement.schema.json\n")


def _atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def dump(record: dict[str, Any]) -> str:
    import yaml

    return HEADER + yaml.safe_dump(record, sort_keys=False, default_flow_style=None, width=100, allow_unicode=True)


def write_record(record: dict[str, Any], out_dir: Path, traces: list[Trace] = ()) -> Path:
    """Write the traces, then the record, each atomically: a record never names a missing trace."""
    folder = out_dir / record["gpu"]
    folder.mkdir(parents=True, exist_ok=True)
    for trace in traces:
        if len(trace.data) > TRACE_LIMIT:
            raise ValueError(f"trace {trace.name} is {len(trace.data):,} bytes gzipped, over {TRACE_LIMIT:,}")
        _atomic(folder / trace_file(record["lab"], trace), trace.data)
    path = folder / f"{record['lab']}.yml"
    _atomic(path, dump(record).encode("utf-8"))
    return path
