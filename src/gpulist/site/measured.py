"""A concept's Measured section: what the labs measured on real GPUs, with how.

For each lab that lists the concept (data/labs.yml) and has a record, a block
`[data-gpulist-measured="<lab>"]` holds, per GPU (`#measured-<lab>-<gpu>`, the anchor the GPU
numbers page and the Labs page link to on the record's home page): the finding in one
sentence with its numbers; the chart (gpulist.site.chart, inline SVG drawn at build time);
the same numbers as tables in a `<details>`, so the section reads without the picture; the
conditions it ran under (GPU, driver, CUDA, PyTorch, Triton, Python, date, method, clocks);
and the one command that reproduces it. A version 2 record (labs/RECORDS.md) adds its models'
terms, each point's spread, the hardware counters and the profiler timelines
(gpulist.site.measured_v2). Everything here is escaped data from the record.
"""

from __future__ import annotations

import json

from gpulist.models import Measurement, MeasurementV2, Series
from gpulist.site import measured_v2 as v2
from gpulist.site.chart import axis_label, chart_svg, groups, legend, point_of, shown_unit
from gpulist.site.gpus_page import fmt as number
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig
from gpulist.view.labs import LABS_PAGE, LabView, labs_of_concept, record_anchor
from gpulist.view.links import href, rel_link
from gpulist.view.text import escape_attr, html_text

HEADING = "## Measured { #measured data-search-exclude }\n"


def gpu_name(view: SiteView, record: Measurement) -> str:
    """The GPU's name as data/gpus.yml writes it, else as the device reported it."""
    row = view.gpus.row(record.gpu) if view.gpus else None
    return row.gpu.name if row else record.conditions.gpu_name


def measured_section(concept_id: str, view: SiteView, page: str, config: SiteConfig) -> str:
    labs = labs_of_concept(view.labs, concept_id)
    if not labs:
        return ""
    intro = (f"Measured on real GPUs by the [labs]({rel_link(page, LABS_PAGE)}): each chart's numbers are in the table below it, "
             "with the conditions they were measured under and the command that measures them again.\n")
    blocks = [lab_block(lv, view, page, config) for lv in labs]
    return HEADING + "\n" + intro + "\n" + "\n".join(blocks)


def lab_block(lv: LabView, view: SiteView, page: str, config: SiteConfig) -> str:
    lab = lv.lab
    about = escape_attr(href(page, f"{LABS_PAGE}#{lab.id}", config.link_style))
    records = "".join(record_block(lv, r, view, page, config.link_style) for r in lv.records)
    return (f'<div class="gpulist-measured" data-gpulist-measured="{escape_attr(lab.id)}"'
            f' data-gpulist-peaks="{escape_attr(peaks_json([lv], view))}">'
            f'<h3 id="measured-{escape_attr(lab.id)}">{html_text(lab.title)}</h3>'
            f'<p>{html_text(lab.shows)} <a href="{about}">About this lab</a></p>{records}</div>\n')


def peaks_json(labs: list[LabView], view: SiteView) -> str:
    """Every GPU's vendor peak for each metric the labs' records measure a ceiling of, as JSON
    ({gpu: {metric: peak}}): compare.js refuses a reader's record that claims more than its GPU's
    peak, as the measurement-peak check refuses one of ours (gpulist.checks.measurement_peak)."""
    metrics = sorted({c.metric for lv in labs for r in lv.records for c in r.ceilings})
    found: dict[str, dict[str, float]] = {}
    for row in view.gpus.rows if view.gpus else ():
        peaks = {m: float(v) for m in metrics if isinstance(v := row.value(m), (int, float)) and not isinstance(v, bool)}
        if peaks:
            found[row.gpu.id] = peaks
    return json.dumps(found, sort_keys=True, separators=(",", ":"))


def record_block(lv: LabView, record: Measurement | MeasurementV2, view: SiteView, page: str, style: str) -> str:
    ident = record_anchor(lv.lab.id, record.gpu)
    name = gpu_name(view, record)
    charts = "".join(_figure(lv, record, name, series, f"{ident}-chart{i}") for i, series in enumerate(groups(record)))
    if isinstance(record, MeasurementV2):
        middle, said = _v2_parts(lv, record, view, name, page, style, ident), v2.conditions(record, name)
    else:
        numbers = summary_table(record) + "".join(series_table(s) for s in record.series)
        middle, said = _numbers(numbers), conditions(record, name)
    schema = ' data-gpulist-schema="2"' if isinstance(record, MeasurementV2) else ""  # version 1 as it always was
    return (f'<div class="gpulist-measured-record" id="{escape_attr(ident)}"{schema}>'
            f'<p class="gpulist-measured-finding"><strong>{html_text(name)}:</strong> {html_text(record.finding)}</p>'
            + charts + middle +
            f'<p class="gpulist-measured-conditions" data-gpulist-conditions>{said}</p>'
            f'<p class="gpulist-measured-command">Measure it again: <code data-gpulist-command>'
            f"{html_text(record.reproduce)}</code></p></div>")


def _numbers(tables: str) -> str:
    return f'<details class="gpulist-measured-numbers"><summary>The numbers</summary>{tables}</details>'


def _v2_parts(lv: LabView, record: MeasurementV2, view: SiteView, name: str, page: str, style: str, ident: str) -> str:
    """The models behind the predictions, the timelines, the counters, then the numbers with their spread."""
    numbers = v2.summary_table(record, lv, view.labs) + "".join(v2.series_table(s) for s in record.series)
    return ("".join(v2.model_block(m) for m in record.models) + v2.traces_block(lv, record, name, page, style, ident)
            + v2.counters_table(record, lv.counters) + v2.withheld(record) + _numbers(numbers))


def _figure(lv: LabView, record: Measurement, name: str, series: list[Series], ident: str) -> str:
    title = f"{lv.lab.title} on the {name}: {series[0].y.label} against {series[0].x.label}"
    return (f'<figure class="gpulist-chart-figure">{chart_svg(series, record.finding, ident, title)}'
            f"{legend(series)}</figure>")


TIME_UNITS = ("s", "ms", "us", "ns")


def share(measured: float, predicted: float | None, unit: str) -> str:
    """How much of the predicted pace was reached: measured over predicted, or for a time (less is
    faster) predicted over measured, as labs/run.py's closing table counts it."""
    if not predicted or not measured:
        return "—"
    return f"{(predicted / measured if unit in TIME_UNITS else measured / predicted):.0%}"


def summary_table(record: Measurement) -> str:
    """The record's measured-against-predicted rows; "share" is of the predicted pace."""
    rows = []
    for row in record.summary:
        reached = share(row.measured, row.predicted, row.unit)
        predicted = number(row.predicted) if row.predicted is not None else "—"
        rows.append(f'<tr><th scope="row">{html_text(row.what)}</th><td>{number(row.measured)}</td><td>{predicted}</td>'
                    f"<td>{reached}</td><td>{html_text(shown_unit(row.unit))}</td></tr>")
    head = "".join(f'<th scope="col">{h}</th>' for h in ("What", "Measured", "Predicted", "Share of the predicted pace", "Unit"))
    return v2.scrolling("Measured against predicted", '<table class="gpulist-measured-table"><caption>Measured against '
                      f"predicted</caption><thead><tr>{head}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def series_table(series: Series) -> str:
    has_predicted = any(p.predicted is not None for p in series.points)
    head = (f'<th scope="col">{html_text(axis_label(series.x.label, series.x.unit))}</th>'
            f'<th scope="col">{html_text(axis_label(series.y.label, series.y.unit))}</th>'
            + ('<th scope="col">Predicted</th>' if has_predicted else ""))
    rows = []
    for p in series.points:
        x = html_text(p.x) if isinstance(p.x, str) else number(p.x)
        predicted = f"<td>{number(p.predicted) if p.predicted is not None else '—'}</td>" if has_predicted else ""
        rows.append(f'<tr><th scope="row"{point_of(series, p)}>{x}</th><td>{number(p.y)}</td>{predicted}</tr>')
    return v2.scrolling(series.label, f'<table class="gpulist-measured-table"><caption>{html_text(series.label)}</caption>'
                      f"<thead><tr>{head}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _read(value: float | None, unit: str) -> str:
    """A reading of nvidia-smi; null in the record is a reading it could not make."""
    return "unreadable" if value is None else f"{number(value)} {unit}"


def conditions(record: Measurement, name: str) -> str:
    """Everything the number depends on, in one paragraph a reader can compare with their own machine."""
    c, m = record.conditions, record.method
    gpus = f"{c.gpu_count} GPU{'s' if c.gpu_count != 1 else ''}"
    cache = "the L2 flushed between runs" if m.l2_flushed else "the L2 left warm (the cache is the point)"
    timer = "CUDA events" if m.timer == "cuda-events" else "the host clock"
    parts = [f"{name} ({c.gpu_name}, {gpus}, {c.sm_count} SMs, {number(c.memory_gib)} GiB, L2 {number(c.l2_mb)} MiB)",
             f"driver {c.driver}", f"CUDA {c.cuda}", f"PyTorch {c.torch}", f"Triton {c.triton}", f"Python {c.python}",
             f"run on {c.date}"]
    method = (f"{m.statistic} of {m.repeats} runs after {m.warmup} warm-up, timed with {timer}, {cache}, on "
              f"{m.data} data, output checked against a reference")
    b, a = c.before, c.after
    clocks = (f"SM clock {_read(b.sm_clock_mhz, 'MHz')} → {_read(a.sm_clock_mhz, 'MHz')}, memory clock "
              f"{_read(a.memory_clock_mhz, 'MHz')}, temperature {_read(b.temperature_c, '°C')} → "
              f"{_read(a.temperature_c, '°C')}, power limit {_read(a.power_limit_w, 'W')} (before → after)")
    return html_text(", ".join(parts) + f"; {method}; {clocks}; labs at {c.labs_commit}, {number(record.wall_s)} s.")
