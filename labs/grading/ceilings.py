"""The measured ceiling a score is a share of, and where it came from.

A problem bound by memory is scored against the copy bandwidth the memory-bandwidth lab measured;
one bound by compute against the dense rate of its dtype the matmul-ceilings (or roofline) lab
measured: `memory_bandwidth_gbs` and `dense.<dtype>` in the records' `ceilings`. The reader's own
labs run (a folder or bundle of `labs/run.py`) is read first, since their GPU, clocks and
cooling are what their kernel ran on; where it lacks the figure, the published record of the same
GPU, else of the published GPU nearest in memory bandwidth (harness.compare.nearest), and the
result says which. Where two records measure one ceiling the higher stands, as on the site.
Pure: tested without a GPU.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MEMORY_METRIC = "memory_bandwidth_gbs"


class NoCeiling(LookupError):
    """No record, the reader's or a published one, measured the ceiling a problem needs."""


@dataclass(frozen=True)
class Ceiling:
    metric: str
    value: float
    unit: str
    lab: str
    gpu: str
    source: str  # "your run <path>" or "the published record of <gpu>"

    def says(self) -> str:
        return f"{self.metric} = {self.value:g} {self.unit}, measured by the {self.lab} lab on the {self.gpu}: {self.source}"


def metric_for(resource: str, dtype: str) -> str:
    """The record metric that bounds a problem: the bandwidth, or the dense rate of its dtype."""
    return MEMORY_METRIC if resource == "memory" else f"dense.{dtype}"


def highest(records: dict[str, dict[str, Any]], metric: str) -> tuple[float, str, str] | None:
    """(value, unit, lab) of the highest measure of `metric` over records, or None."""
    found = None
    for lab, record in sorted(records.items()):
        for item in record.get("ceilings") or []:
            if item.get("metric") == metric and (found is None or float(item["value"]) > found[0]):
                found = (float(item["value"]), str(item.get("unit", "")), str(record.get("lab", lab)))
    return found


def lookup(metric: str, own: tuple[str, dict[str, dict[str, Any]]] | None, gpu: str | None,
           published: dict[str, dict[str, dict[str, Any]]], bandwidth: dict[str, float]) -> tuple[Ceiling, list[str]]:
    """The ceiling and the notes that say why it is not the reader's own, where it is not.

    `own` is (where the run is, its records by lab); `published` the records by GPU and lab."""
    from harness.compare import nearest

    notes: list[str] = []
    if own is not None:
        where, records = own
        hit = highest(records, metric)
        if hit:
            run_gpu = next((str(r.get("gpu")) for r in records.values() if r.get("gpu")), gpu or "your GPU")
            return Ceiling(metric, hit[0], hit[1], hit[2], run_gpu, f"your run {where}"), notes
        notes.append(f"your run {where} did not measure {metric}: using a published record instead")
    having = {g: 1.0 for g, recs in published.items() if highest(recs, metric)}
    other = nearest(gpu, having, bandwidth) if gpu else next(iter(sorted(having)), None)
    if other is None:
        raise NoCeiling(f"no record measured {metric}: run `python labs/run.py --all` and pass its folder with --ceilings")
    if other != gpu:
        why = f"the {gpu} measured {metric}: using the {other}'s, the nearest in memory bandwidth" if gpu else (
            f"your GPU (not in data/gpus.yml: --gpu names its row) measured {metric}: using the {other}'s")
        notes.append(f"no published record of {why}; your own labs run (--ceilings) would be fairer")
    value, unit, lab = highest(published[other], metric)  # type: ignore[misc]
    return Ceiling(metric, value, unit, lab, other, f"the published record of the {other}"), notes
