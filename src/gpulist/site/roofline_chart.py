"""The roofline calculator's chart: the roofline lab's measured points against the roof.

Drawn at build time as inline SVG on log-log axes (intensity in FLOP/byte, rate in TFLOPS),
for the calculator's GPU and data type: the vendor's roof (solid), the roof the labs measured
(dotted: measured bandwidth and, where measured, the rate), and each point of the roofline
lab's record for that GPU. Contract with docs/assets/javascripts/roofline-plot.js, which
redraws the roofs and the reader's kernel when the form changes:

- `svg[data-gpulist-roofline]` carries the plot box and the axes' domains as base-10 logs:
  `data-box` ("left top right bottom" in viewBox units), `data-x` and `data-y` ("low high");
- `[data-gpulist-roof="vendor"|"measured"]` are the two roofs' polylines (the measured one
  empty where the GPU has no measured ceiling), `[data-gpulist-points="<gpu id>"]` the lab's
  points, shown only while that GPU is chosen, and `[data-gpulist-kernel]` the reader's
  kernel, a circle with `visibility="hidden"` until it has a place.
"""

from __future__ import annotations

import math

from gpulist.models import Measurement
from gpulist.site.chart import FONT, HEIGHT, LEFT, RIGHT, SERIES_COLOURS, TOP, WIDTH, BOTTOM, number
from gpulist.view.text import escape_attr, html_text

X_RANGE = (1 / 16, 4096.0)  # FLOP/byte: from a streaming copy to a large GEMM


def _scale(low: float, high: float, start: float, end: float):  # noqa: ANN202 - a small closure
    span = math.log10(high) - math.log10(low)
    return lambda v: start + (math.log10(v) - math.log10(low)) / span * (end - start)


def roof_points(peak: float, bandwidth_gbs: float, x_range: tuple[float, float]) -> list[tuple[float, float]]:
    """The roof as (intensity, TFLOPS) corners: the bandwidth slope up to the ridge, then flat."""
    ridge = peak * 1e12 / (bandwidth_gbs * 1e9)
    low, high = x_range
    corners = [(low, bandwidth_gbs * 1e9 * low / 1e12)]
    if low < ridge < high:
        corners.append((ridge, peak))
    corners.append((high, min(peak, bandwidth_gbs * 1e9 * high / 1e12)))
    return corners


def _y_range(peaks: list[float], record: Measurement | None) -> tuple[float, float]:
    ys = [p.y for s in (record.series if record else []) for p in s.points if p.y > 0]
    low = min([*ys, X_RANGE[0] * 2.0]) / 2
    high = max([*peaks, *ys]) * 2
    return 10 ** math.floor(math.log10(low)), 10 ** math.ceil(math.log10(high))


def _axes(x, y, y_range: tuple[float, float]) -> list[str]:  # noqa: ANN001 - the scales above
    base = HEIGHT - BOTTOM
    out = [f'<text x="8" y="{TOP - 14}" font-size="{FONT}">attainable (TFLOPS)</text>',
           f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{HEIGHT - 8}" font-size="{FONT}" text-anchor="middle">'
           "arithmetic intensity (FLOP/byte)</text>",
           f'<line class="gpulist-chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" y2="{base}"/>']
    for k in range(round(math.log10(y_range[0])), round(math.log10(y_range[1])) + 1):
        py = y(10.0 ** k)
        out.append(f'<line class="gpulist-chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{py:.1f}" y2="{py:.1f}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{py + FONT * 0.35:.1f}" font-size="{FONT}" text-anchor="end">'
                   f"{number(10.0 ** k)}</text>")
    for v in (1 / 16, 1, 16, 256, 4096):
        px = x(v)
        label = "1/16" if v < 1 else str(int(v))
        anchor = "end" if v == X_RANGE[1] else ("start" if v == X_RANGE[0] else "middle")
        out.append(f'<text x="{px:.1f}" y="{base + 6 + FONT}" font-size="{FONT}" text-anchor="{anchor}">{label}</text>')
    return out


def _polyline(kind: str, corners: list[tuple[float, float]], x, y) -> str:  # noqa: ANN001
    points = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in corners)
    css = "gpulist-chart-roof" if kind == "vendor" else "gpulist-chart-roof-measured"
    return f'<polyline class="{css}" data-gpulist-roof="{kind}" points="{points}"/>'


def roofline_svg(title: str, vendor: tuple[float, float], measured: tuple[float, float] | None,
                 record: Measurement | None) -> str:
    """`vendor` and `measured` are (peak TFLOPS, bandwidth GB/s); `record` is the roofline lab's, if any."""
    y_range = _y_range([vendor[0], *(measured[:1] if measured else [])], record)
    x = _scale(*X_RANGE, LEFT, WIDTH - RIGHT)
    y = _scale(*y_range, HEIGHT - BOTTOM, TOP)
    body = _axes(x, y, y_range)
    body.append(_polyline("vendor", roof_points(*vendor, X_RANGE), x, y))
    body.append(_polyline("measured", roof_points(*measured, X_RANGE) if measured else [], x, y))
    body.append(f'<g data-gpulist-points="{escape_attr(record.gpu if record else "")}">')
    for i, s in enumerate(record.series if record else []):
        colour = f"gpulist-chart-s{i % SERIES_COLOURS}"
        body.extend(f'<circle class="{colour}" cx="{x(float(p.x)):.1f}" cy="{y(p.y):.1f}" r="4"/>'
                    for p in s.points if not isinstance(p.x, str) and X_RANGE[0] <= p.x <= X_RANGE[1] and p.y > 0)
    body.append("</g>")
    body.append('<circle class="gpulist-chart-kernel" data-gpulist-kernel r="7" cx="0" cy="0" visibility="hidden"/>')
    desc = "The roof: the lower of the peak rate and bandwidth times intensity" + (
        "; the points are the roofline lab's measurements." if record else ".")
    box = f"{LEFT} {TOP} {WIDTH - RIGHT} {HEIGHT - BOTTOM}"
    logs = f'data-x="{math.log10(X_RANGE[0]):.4f} {math.log10(X_RANGE[1]):.4f}" ' \
           f'data-y="{math.log10(y_range[0]):.4f} {math.log10(y_range[1]):.4f}"'
    return (f'<svg class="gpulist-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" data-gpulist-roofline '
            f'data-box="{box}" {logs} aria-labelledby="roofline-plot-title roofline-plot-desc">'
            f'<title id="roofline-plot-title">{html_text(title)}</title><desc id="roofline-plot-desc">'
            f"{html_text(desc)}</desc>" + "".join(body) + "</svg>")


def roofline_legend(record: Measurement | None, measured: bool) -> str:
    items = ['<li><span class="gpulist-chart-key gpulist-chart-roof-key" aria-hidden="true"></span>vendor\'s roof</li>']
    if measured:
        items.append('<li><span class="gpulist-chart-key gpulist-chart-roof-measured-key" aria-hidden="true"></span>'
                     "measured roof</li>")
    for i, s in enumerate(record.series if record else []):
        items.append(f'<li><span class="gpulist-chart-key gpulist-chart-s{i % SERIES_COLOURS}" aria-hidden="true">'
                     f"</span>{html_text(s.label)} (measured)</li>")
    items.append('<li><span class="gpulist-chart-key gpulist-chart-kernel-key" aria-hidden="true"></span>'
                 "your kernel</li>")
    return '<ul class="gpulist-chart-legend">' + "".join(items) + "</ul>"
