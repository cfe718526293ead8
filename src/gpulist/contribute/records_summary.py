"""The reviewer's table of a contributed record: each ceiling beside the vendor's peak and the
same lab's figure on every other published GPU, as Markdown for a CI job's summary or a terminal."""

from __future__ import annotations

from gpulist.contribute.records import Row
from gpulist.load import Record


def _number(value: float) -> str:
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def _cell_beside(value: float, other: float) -> str:
    return f"{_number(other)} ({value / other:.2f}x)"


def record_table(record: Record, rows: list[Row]) -> str:
    """One record's table; a GPU column for each other GPU that has the lab."""
    m, c = record.measurement, record.measurement.conditions
    gpus = sorted({g for row in rows for g in row.others})
    head = ["figure", f"{m.gpu} (this record)", "vendor peak", "share of peak", *gpus]
    lines = [f"### {m.lab} on {m.gpu}", "",
             f"{c.gpu_name}, driver {c.driver}, CUDA {c.cuda}, torch {c.torch}, labs {c.labs_commit}, {c.date}", ""]
    if not rows:
        return "\n".join([*lines, "This lab states no ceiling: its chart is compared on the site.", ""])
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        peak = f"{_number(row.peak)} {row.unit}" if row.peak else "not in data/gpus.yml"
        share = f"{row.value / row.peak:.0%}" if row.peak else ""
        beside = [_cell_beside(row.value, row.others[g]) if g in row.others else "" for g in gpus]
        lines.append("| " + " | ".join([row.metric, f"{_number(row.value)} {row.unit}", peak, share, *beside]) + " |")
    note = ["", "Each other GPU's figure is followed by this record's value over it."] if gpus else []
    return "\n".join([*lines, *note, ""])


def summary_markdown(tables: list[str], problems: int) -> str:
    verdict = f"{problems} problem(s) to fix before merging" if problems else "ready for review"
    return "\n".join([f"## Contributed lab records: {verdict}", "", *tables])
