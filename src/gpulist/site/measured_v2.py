"""What a version 2 record adds to its block of a Measured section (labs/RECORDS.md).

A reader should see why the curve bends, and how far to trust it: each model with its
formula and terms (value, unit, where the value came from); each prediction as "× the
model" and each bound as a bound (a share "of the measured ceiling" only where the bound is
a ceiling the labs measured on that GPU, else "of the bound"); each point's spread, sample
count and, where runs were merged, every run's median and the run-to-run spread; the
throttled points; the Nsight Compute counters with their units and what each shows (from
data/counters.yml); and each profiler trace as a timeline drawn at build time, offered for
download to open in Perfetto. gpulist.site.measured lays these out; everything here is
escaped data from the record.
"""

from __future__ import annotations

from gpulist.models import CounterInfo, LabModel, MeasurementV2, PointV2, SeriesV2
from gpulist.models.measurement_v2 import SummaryRowV2
from gpulist.site.chart import axis_label, point_of, shown_unit
from gpulist.site.gpus_page import fmt as number
from gpulist.site.timeline import timeline_svg, us
from gpulist.view.labs import LabView, measured_ceiling, trace_path
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text
from gpulist.view.timeline import timeline

SOURCES = {"measured": "measured by the {lab} lab", "counter": "read by a counter in the {lab} lab",
           "vendor": "the vendor's datasheet", "fixed": "fixed by the hardware's design", "device": "as the device reports it"}


def scrolling(label: str, table: str) -> str:
    """A table in a box of its own that scrolls sideways on a narrow screen, focusable so a keyboard can
    scroll it (the class keeps the theme from wrapping it in its own, unfocusable, scroll box)."""
    return (f'<div class="gpulist-measured-scroll" role="region" aria-label="{escape_attr(label)}, table" '
            f'tabindex="0">{table}</div>')


def table(caption: str, head: list[str], rows: list[str]) -> str:
    heads = "".join(f'<th scope="col">{html_text(h)}</th>' for h in head)
    return scrolling(caption, f'<table class="gpulist-measured-table"><caption>{html_text(caption)}</caption>'
                     f"<thead><tr>{heads}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def percent(share: float | None) -> str:
    return "—" if share is None else f"{share:.1%}" if share < 0.1 else f"{share:.0%}"


def source(term_source: str, lab: str | None) -> str:
    return SOURCES[term_source].format(lab=lab or "?")


def model_block(model: LabModel) -> str:
    """A model's name, its formula, and each term's value and where it came from."""
    rows = [f'<tr><th scope="row"><code>{html_text(t.symbol)}</code></th><td>{html_text(t.name)}</td>'
            f"<td>{number(t.value)}</td><td>{html_text(shown_unit(t.unit))}</td>"
            f"<td>{html_text(source(t.source, t.from_))}</td></tr>" for t in model.terms]
    return (f'<div class="gpulist-measured-model" data-gpulist-model="{escape_attr(model.id)}">'
            f"<p><strong>The model: {html_text(model.name)}.</strong> <code>{html_text(model.formula)}</code></p>"
            + table(f"The terms of {model.name}", ["Term", "What", "Value", "Unit", "Where it comes from"], rows)
            + "</div>")


def against(row: SummaryRowV2, record: MeasurementV2, lv: LabView, labs: tuple[LabView, ...]) -> tuple[str, str]:
    """What a summary row is set against, and its ratio named for what it is."""
    if row.predicted is not None and row.ratio is not None:
        model = record.model(row.model)
        name = model.name if model else row.model or "the model"
        return f"{number(row.predicted)} ({html_text(name)})", f"{row.ratio:.2f} × the model"
    if row.bound is not None and row.ratio is not None:
        ceiling = measured_ceiling(labs, record.gpu, row.bound, row.unit)
        if ceiling is not None:
            return (f"{number(row.bound)} (measured ceiling, {html_text(ceiling.lab.lab.title)})",
                    f"{percent(row.ratio)} of the measured ceiling")
        return f"{number(row.bound)} (bound)", f"{percent(row.ratio)} of the bound"
    return "—", "—"


def summary_table(record: MeasurementV2, lv: LabView, labs: tuple[LabView, ...]) -> str:
    """Measured against the model or a bound; the spread of the samples, and of the runs where merged."""
    merged = record.conditions.runs > 1
    rows = []
    for row in record.summary:
        set_against, ratio = against(row, record, lv, labs)
        runs = f"<td>{percent(row.run_spread)}</td>" if merged else ""
        rows.append(f'<tr><th scope="row">{html_text(row.what)}</th><td>{number(row.measured)}</td>'
                    f"<td>{html_text(shown_unit(row.unit))}</td><td>{percent(row.spread)}</td>{runs}"
                    f"<td>{set_against}</td><td>{ratio}</td></tr>")
    head = ["What", "Measured", "Unit", "Spread", *(["Run-to-run spread"] if merged else []), "Set against", "Ratio"]
    return table("Measured against the model", head, rows)


def _throttle(point: PointV2) -> str:
    t = point.telemetry
    if point.throttled is None or t is None:
        return "—"
    low, high = t.sm_mhz
    clocks = f"{number(low)} MHz" if low == high else f"{number(low)}–{number(high)} MHz"
    return f"yes: {html_text(', '.join(t.reasons))}, {clocks}" if point.throttled else f"no, {clocks}"


def series_table(series: SeriesV2) -> str:
    """Each point's median, the middle half of its samples, its count, the runs' medians, its prediction or bound."""
    pts = series.points
    has = {k: any(getattr(p, k) is not None for p in pts) for k in ("predicted", "bound", "runs", "throttled")}
    head = [axis_label(series.x.label, series.x.unit), axis_label(series.y.label, series.y.unit) + ", median",
            "Middle half of the samples", "Samples", *(["Each run's median"] if has["runs"] else []),
            *(["Predicted"] if has["predicted"] else []), *(["Bound"] if has["bound"] else []),
            *(["Throttled"] if has["throttled"] else [])]
    rows = []
    for p in pts:
        cells = [number(p.y), f"{number(p.q1)}–{number(p.q3)}", f"{p.n:,}"]
        cells += [", ".join(number(r) for r in p.runs or []) or "—"] if has["runs"] else []
        cells += [number(p.predicted) if p.predicted is not None else "—"] if has["predicted"] else []
        cells += [number(p.bound) if p.bound is not None else "—"] if has["bound"] else []
        cells += [_throttle(p)] if has["throttled"] else []
        x = html_text(p.x) if isinstance(p.x, str) else number(p.x)
        rows.append(f'<tr><th scope="row"{point_of(series, p)}>{x}</th>' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return table(series.label, head, rows)


def counters_table(record: MeasurementV2, catalogue: dict[str, CounterInfo]) -> str:
    """The counters that show the mechanism, each value with its unit; then, once per counter, its
    metric's name and what it shows (data/counters.yml). Or why the run has none."""
    c = record.counters
    if c.status == "missing":
        return (f'<p class="gpulist-measured-note" data-gpulist-counters="missing">Hardware counters: not measured '
                f"on this run ({html_text(c.reason or '')}).</p>")
    rows, used = [], {}
    for k in c.kernels:
        for m in k.metrics:
            info = catalogue.get(m.metric)
            used.setdefault(m.metric, info)
            rows.append(f'<tr><th scope="row">{html_text(k.probe)}</th><td>{html_text(info.title if info else m.metric)}'
                        f"</td><td>{number(m.value)}</td><td>{html_text(m.unit)}</td>"
                        f'<td><code class="gpulist-measured-kernel">{html_text(k.kernel)}</code></td></tr>')
    caption = f"Hardware counters ({c.tool})" if c.tool else "Hardware counters"
    shows = "".join(f"<dt>{html_text(info.title if info else metric)} <code>{html_text(metric)}</code></dt>"
                    f"<dd>{html_text(info.shows) if info else ''}</dd>" for metric, info in used.items())
    return ('<div data-gpulist-counters="measured">'
            + table(caption, ["Variant", "Counter", "Value", "Unit", "Kernel"], rows)
            + f'<dl class="gpulist-measured-counters">{shows}</dl></div>')


def traces_block(lv: LabView, record: MeasurementV2, name: str, page: str, style: str, ident: str) -> str:
    """Each trace as a timeline, with its download (a gzipped Chrome trace, which Perfetto opens)."""
    found = lv.traces.get(record.gpu, {})
    out = []
    for i, ref in enumerate(record.traces):
        file = found.get(ref.file)
        if file is None or file.data is None:
            continue
        line = timeline(file.data)
        title = f"{lv.lab.title} on the {name}: {ref.what}, as the profiler recorded it"
        link = escape_attr(href(page, trace_path(record.gpu, ref.file), style))
        gap = line.median_gap_us()
        said = f" The median gap between pieces of GPU work is {us(gap)}." if gap is not None else ""
        svg = timeline_svg(line, f"{ident}-trace{i}", title)
        out.append(f'<figure class="gpulist-chart-figure" data-gpulist-timeline>{svg}'
                   '<figcaption class="gpulist-measured-note">'

                   f"{html_text(ref.what)}: {ref.kernels:,} kernels.{html_text(said)} "
                   f'<a href="{link}" download>Download the trace</a> ({number(round(ref.bytes / 1024, 1))} KiB, '
                   "gzipped Chrome trace JSON: it opens in Perfetto).</figcaption></figure>")
    return "".join(out)


def withheld(record: MeasurementV2) -> str:
    if not record.withheld:
        return ""
    items = "; ".join(f"{html_text(w.metric)} {number(w.value)} {html_text(w.unit)}: {html_text(w.reason)}"
                      for w in record.withheld)
    return f'<p class="gpulist-measured-note">Measured but not published as a ceiling: {items}.</p>'


def _read(value: float | None, unit: str) -> str:
    return "unreadable" if value is None else f"{number(value)} {unit}"


def _sampling(record: MeasurementV2) -> str:
    m, s = record.method, record.method.sampling
    points = [p for series in record.series for p in series.points]
    throttled = sum(1 for p in points if p.throttled)
    cache = "the L2 flushed between samples" if m.l2_flushed else "the L2 left warm (the cache is the point)"
    timer = "CUDA events" if m.timer == "cuda-events" else "the host clock"
    told = (f"SM clock, power and clock-event reasons sampled with {m.telemetry.upper() if m.telemetry == 'nvml' else m.telemetry}"
            f" during each point, {throttled} of {len(points)} points throttled" if m.telemetry != "none"
            else "no clock sampled during the points")
    return (f"each point the median of {s.min_samples:,} to {s.max_samples:,} samples after {m.warmup} warm-up, "
            f"sampled until the middle half lay within {s.target_spread:.0%} of the median ({number(s.min_ms)} to "
            f"{number(s.max_ms)} ms), timed with {timer}, {cache}, on {m.data} data, output checked against a "
            f"reference; {told}")


def conditions(record: MeasurementV2, name: str) -> str:
    """Everything the numbers depend on, version 2's additions included: CPU, PCIe link, libraries, runs."""
    c = record.conditions
    gpus = f"{c.gpu_count} GPU{'s' if c.gpu_count != 1 else ''}"
    libraries = ", ".join(f"{k} {v or 'unknown'}" for k, v in c.libraries.items())
    parts = [f"{name} ({c.gpu_name}, {gpus}, {c.sm_count} SMs, {number(c.memory_gib)} GiB, L2 {number(c.l2_mb)} MiB)",
             f"driver {c.driver}", f"CUDA {c.cuda}", f"PyTorch {c.torch}", f"Triton {c.triton}", f"Python {c.python}",
             *([libraries] if libraries else []), f"CPU {c.cpu or 'unreadable'}", f"PCIe {c.pcie or 'unreadable'}",
             f"run on {c.date}"]
    runs = (f"{c.runs} runs in separate processes on {c.machine_starts} start{'s' if c.machine_starts != 1 else ''} "
            "of the machine, merged" if c.runs > 1 else "one run")
    b, a = c.before, c.after
    clocks = (f"SM clock {_read(b.sm_clock_mhz, 'MHz')} → {_read(a.sm_clock_mhz, 'MHz')}, temperature "
              f"{_read(b.temperature_c, '°C')} → {_read(a.temperature_c, '°C')}, power limit "
              f"{_read(a.power_limit_w, 'W')} (before → after)")
    return html_text(", ".join(parts) + f"; {runs}; {_sampling(record)}; {clocks}; labs at {c.labs_commit}, "
                     f"{number(record.wall_s)} s.")
