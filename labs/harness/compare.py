"""A reader's run beside the published one: lab by lab, each figure with its ratio and spreads.

Each summary row of the reader's record is matched by its `what` to the published record of the
same lab; the ratio is theirs over ours' published, and a difference counts as real only when
it is larger than the two spreads together (half the interquartile range of each, plus each
run-to-run spread). A lab whose series differ (another labs version measured other points) is
named and not compared. Pure: tested without a GPU.
"""

from __future__ import annotations

from typing import Any


def shape(record: dict[str, Any]) -> list[tuple[str, tuple]]:
    """What a record measured: each series and its x values. Two versions of a lab that measure
    different points cannot be compared figure by figure."""
    return [(s["id"], tuple(p["x"] for p in s["points"])) for s in record.get("series", [])]


def margin(row: dict[str, Any]) -> float:
    """How far a figure may move by noise alone, as a fraction: half its IQR and its run spread."""
    return float(row.get("spread") or 0.0) / 2 + float(row.get("run_spread") or 0.0)


def compare_lab(mine: dict[str, Any], theirs: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per figure both records hold."""
    published = {row["what"]: row for row in theirs.get("summary", [])}
    rows = []
    for row in mine.get("summary", []):
        other = published.get(row["what"])
        if other is None or not other.get("measured"):
            continue
        ratio = float(row["measured"]) / float(other["measured"])
        allowed = margin(row) + margin(other)
        rows.append({"what": row["what"], "unit": row["unit"], "yours": row["measured"], "yours_spread": margin(row),
                     "published": other["measured"], "published_spread": margin(other), "ratio": ratio,
                     "beyond_spread": abs(ratio - 1) > allowed})
    return rows


def compare(mine: dict[str, dict[str, Any]], theirs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every lab of the reader's run: compared, measured differently, or not published."""
    out: dict[str, Any] = {"compared": {}, "differ": [], "unpublished": []}
    for lab, record in mine.items():
        other = theirs.get(lab)
        if other is None:
            out["unpublished"].append(lab)
        elif shape(record) != shape(other):
            out["differ"].append(lab)
        else:
            out["compared"][lab] = compare_lab(record, other)
    return out


def nearest(gpu: str, published: dict[str, float], bandwidth: dict[str, float]) -> str | None:
    """The published GPU to compare with: the same one where it is published, else the one whose
    memory bandwidth is closest (by ratio) to this GPU's."""
    if gpu in published:
        return gpu
    mine = bandwidth.get(gpu)
    if not mine or not published:
        return next(iter(published), None)
    return min(published, key=lambda g: abs((bandwidth.get(g) or 1e-9) / mine - 1))


def table(result: dict[str, Any], gpu: str, other: str) -> list[str]:
    """The comparison as lines for a terminal."""
    lines = [f"{'lab':<17} {'what':<40} {'yours':>10} {'±':>5} {other[:10]:>10} {'±':>5} {'ratio':>6}"]
    for lab, rows in result["compared"].items():
        for r in rows:
            flag = "  beyond the spread" if r["beyond_spread"] else ""
            lines.append(f"{lab:<17} {r['what'][:40]:<40} {r['yours']:10.4g} {r['yours_spread']:5.1%} "
                         f"{r['published']:10.4g} {r['published_spread']:5.1%} {r['ratio']:6.2f}{flag}")
    for lab in result["differ"]:
        lines.append(f"{lab}: measured other points than the published record (another labs version): not compared")
    for lab in result["unpublished"]:
        lines.append(f"{lab}: no published record on the {other}")
    lines.append(f"your {gpu} against the published {other}")
    return lines
