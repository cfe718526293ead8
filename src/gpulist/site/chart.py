"""A record's series as a chart drawn at build time: inline SVG, no script, both colour schemes.

The chart is a picture of the numbers the table beside it holds, so it must read on a phone
and in either scheme without JavaScript:

- `viewBox` WIDTH × HEIGHT scaled to the column (`width: 100%`, at most 560 px wide, in
  measured.css): at 412 px the column is about 365 px, so FONT user units are about 13 px
  on screen, and 20 px at the widest (tests/browser/test_measured.py measures it);
- every stroke and fill is `currentColor` or a `--gpulist-series-<n>` variable the stylesheet
  sets for the light and the dark scheme: no colour is written here;
- `role="img"` with a `<title>` and a `<desc>` (the finding), named by `aria-labelledby`;
- x on the scale the record gives (linear, log2, log10, or categories drawn as grouped bars),
  y linear from zero, or on powers of ten where the values span two decades (said in the axis
  label); axes labelled with their units; measured values as points joined by a line,
  predicted values dashed in the same colour; one chart per pair of axes a record's series use;
- a version 2 record's points also carry their spread, drawn as an error bar from the first
  to the third quartile of the samples, and bounds (a vendor's peak, a line rate: limits,
  never predictions), drawn dotted, apart from any model's dashed line.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from gpulist.models import Measurement, Series
from gpulist.view.text import escape_attr, html_text

WIDTH, HEIGHT = 440, 300
FONT = 16
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 34, 58
SERIES_COLOURS = 4  # --gpulist-series-0..3; a fifth series reuses the first colour
MAX_TICKS = 6
SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True, slots=True)
class Frame:
    """How a value becomes a position in the plot area, and the y axis's ticks (value, label)."""

    x: Callable[[float], float]
    y: Callable[[float], float]
    y_ticks: list[tuple[float, str]]
    y_axis: str = ""  # "lin 0 <max>" or "log10 <low power> <high power>": the scale compare.js draws on


def number(value: float) -> str:
    """A tick or table value as a reader scans it: 4,800 · 0.25 · 1.5e+06 → 1.5 × 10⁶."""
    if value == 0:
        return "0"
    if 1e-3 <= abs(value) < 1e6:
        shown = float(f"{value:.3g}")
        return f"{int(shown):,}" if shown.is_integer() else f"{shown:g}"
    mantissa, exponent = f"{value:.1e}".split("e")
    mantissa = mantissa.removesuffix(".0")
    power = "10" + str(int(exponent)).translate(SUPERSCRIPT)
    return power if float(mantissa) == 1 else f"{mantissa} × {power}"


def nice_max(top: float) -> tuple[float, float]:
    """A round upper bound and tick step for a linear axis from zero to `top`."""
    if top <= 0:
        return 1.0, 0.2
    raw = top / (MAX_TICKS - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return step * math.ceil(top / step - 1e-9), step


def _values(series: list[Series]) -> list[float]:
    found = []
    for s in series:
        for p in s.points:
            found.append(p.y)
            found.extend(v for v in (p.predicted, quartiles(p)[1], bound_of(p)) if v is not None)
    return found


def quartiles(point: object) -> tuple[float | None, float | None]:
    """A version 2 point's first and third quartiles; a version 1 point has none."""
    return getattr(point, "q1", None), getattr(point, "q3", None)


def bound_of(point: object) -> float | None:
    return getattr(point, "bound", None)


def _spread(colour: str, px: float, frame: "Frame", point: object) -> list[str]:
    """An error bar from q1 to q3 at `px`, capped; nothing where the point has no quartiles or they
    are too close to draw apart from the point itself (under a pixel)."""
    q1, q3 = quartiles(point)
    if q1 is None or q3 is None:
        return []
    low, high = frame.y(q1), frame.y(q3)
    if abs(low - high) < 1:
        return []
    cap = f'x1="{px - 4:.1f}" x2="{px + 4:.1f}"'
    return [f'<line class="{colour} gpulist-chart-spread" x1="{px:.1f}" x2="{px:.1f}" y1="{low:.1f}" y2="{high:.1f}"/>',
            f'<line class="{colour} gpulist-chart-spread" {cap} y1="{low:.1f}" y2="{low:.1f}"/>',
            f'<line class="{colour} gpulist-chart-spread" {cap} y1="{high:.1f}" y2="{high:.1f}"/>']


def _bound(colour: str, left: float, right: float, frame: "Frame", point: object) -> list[str]:
    value = bound_of(point)
    if value is None:
        return []
    y = frame.y(value)
    return [f'<line class="{colour} gpulist-chart-bound" x1="{left:.1f}" x2="{right:.1f}" y1="{y:.1f}" y2="{y:.1f}"/>']


def _log_ticks(low: float, high: float, base: int) -> list[float]:
    first, last = math.floor(math.log(low, base) + 1e-9), math.ceil(math.log(high, base) - 1e-9)
    powers = list(range(first, last + 1))
    stride = max(1, math.ceil(len(powers) / MAX_TICKS))
    return [float(base) ** p for p in powers[::stride]]


def _tick_label(value: float, base: int) -> str:
    """A power of two as written (4096, 1/256), or as 2ⁿ past four digits; a power of ten as number() writes it."""
    if base == 2 and value >= 1e4:
        return "2" + str(round(math.log2(value))).translate(SUPERSCRIPT)
    if base == 2 and value >= 1:
        return str(int(value))
    if base == 2:
        return f"1/{round(1 / value)}"
    return number(value)


XNumeric = tuple[Callable[[float], float], list[tuple[float, str]], str]


def _x_numeric(series: list[Series], scale: str) -> XNumeric:
    """Position of an x value, the ticks (value, label), and the scale as compare.js reads it
    ("log2 <low> <high>" in powers, or "lin <low> <high>"), for a linear or log axis."""
    xs = [float(p.x) for s in series for p in s.points if not isinstance(p.x, str)]
    left, right = LEFT, WIDTH - RIGHT
    if scale in ("log2", "log10") and xs and min(xs) > 0:
        base = 2 if scale == "log2" else 10
        ticks = _log_ticks(min(xs), max(xs), base)
        low, high = math.log(min(ticks[0], min(xs)), base), math.log(max(ticks[-1], max(xs)), base)
        span = (high - low) or 1.0
        return (lambda v: left + (math.log(v, base) - low) / span * (right - left)), \
            [(t, _tick_label(t, base)) for t in ticks], f"{scale} {low:g} {low + span:g}"
    top, step = nice_max(max(xs, default=1.0))
    low = min(0.0, min(xs, default=0.0))
    ticks = [low + i * step for i in range(int(round((top - low) / step)) + 1)]
    return (lambda v: left + (v - low) / ((top - low) or 1.0) * (right - left)), [(t, number(t)) for t in ticks], \
        f"lin {low:g} {low + ((top - low) or 1.0):g}"


def log_y(series: list[Series]) -> bool:
    """A y axis on powers of ten where the values span two decades or more on a numeric x axis (a
    roofline, a decode time against context): on a linear one the small values would all sit on zero."""
    values = [v for v in _values(series) if v > 0]
    return series[0].scale != "category" and bool(values) and max(values) >= 100 * min(values)


def _frame(series: list[Series], x: Callable[[float], float]) -> Frame:
    bottom, values = HEIGHT - BOTTOM, _values(series)
    if log_y(series):
        positive = [v for v in values if v > 0]
        low, high = math.floor(math.log10(min(positive))), math.ceil(math.log10(max(positive)))
        high = max(high, low + 1)
        ticks = [(10.0 ** k, number(10.0 ** k)) for k in range(low, high + 1)]

        def place(v: float) -> float:
            t = (math.log10(max(v, 10.0 ** low)) - low) / (high - low)
            return bottom - t * (bottom - TOP)
        return Frame(x, place, ticks, f"log10 {low} {high}")
    y_max, step = nice_max(max(values, default=1.0))
    ticks = [(i * step, number(i * step)) for i in range(int(round(y_max / step)) + 1)]
    return Frame(x, lambda v: bottom - v / y_max * (bottom - TOP), ticks, f"lin 0 {y_max:g}")


def _y_axis(frame: Frame, label: str) -> list[str]:
    out = [f'<text x="8" y="{TOP - 14}" font-size="{FONT}">{html_text(label)}</text>']
    for v, text in frame.y_ticks:
        y = frame.y(v)
        out.append(f'<line class="gpulist-chart-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + FONT * 0.35:.1f}" font-size="{FONT}" text-anchor="end">'
                   f"{html_text(text)}</text>")
    return out


def _x_axis(ticks: list[tuple[float, str]], x: Callable[[float], float], label: str) -> list[str]:
    base = HEIGHT - BOTTOM
    out = [f'<line class="gpulist-chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" y2="{base}"/>',
           f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{HEIGHT - 8}" font-size="{FONT}" text-anchor="middle">'
           f"{html_text(label)}</text>"]
    for value, text in ticks:
        px = x(value)
        # A label as wide as the margin left of it stays inside the picture: right-aligned at the edge.
        anchor, at = ("end", WIDTH - 2) if px + len(text) * FONT * 0.3 > WIDTH - 2 else ("middle", px)
        out.append(f'<line class="gpulist-chart-axis" x1="{px:.1f}" x2="{px:.1f}" y1="{base}" y2="{base + 5}"/>')
        out.append(f'<text x="{at:.1f}" y="{base + 6 + FONT}" font-size="{FONT}" text-anchor="{anchor}">'
                   f"{html_text(text)}</text>")
    return out


def _lines(series: list[Series], frame: Frame) -> list[str]:
    out = []
    for i, s in enumerate(series):
        colour = f"gpulist-chart-s{i % SERIES_COLOURS}"
        points = sorted((float(p.x), p.y, p.predicted) for p in s.points if not isinstance(p.x, str))
        measured = " ".join(f"{frame.x(x):.1f},{frame.y(y):.1f}" for x, y, _ in points)
        predicted = " ".join(f"{frame.x(x):.1f},{frame.y(p):.1f}" for x, _, p in points if p is not None)
        if predicted:
            out.append(f'<polyline class="{colour} gpulist-chart-predicted" points="{predicted}"/>')
        out.append(f'<polyline class="{colour}" points="{measured}"/>')
        out.extend(f'<circle class="{colour}" cx="{frame.x(x):.1f}" cy="{frame.y(y):.1f}" r="4"/>' for x, y, _ in points)
        for p in s.points:
            if not isinstance(p.x, str):
                px = frame.x(float(p.x))
                out += _spread(colour, px, frame, p) + _bound(colour, px - 10, px + 10, frame, p)
    return out


def _categories(series: list[Series]) -> list[str]:
    seen: list[str] = []
    for s in series:
        for p in s.points:
            if str(p.x) not in seen:
                seen.append(str(p.x))
    return seen


CHAR_EM = 0.6  # an upper bound of a character's width in the theme's sans-serif, in em
LINE = 18  # a wrapped label's line height, in user units


def wrap(label: str, room: float) -> list[str]:
    """A category's label in lines no wider than its band (`room` user units), broken at spaces and
    after hyphens; a word longer than the band keeps a line of its own."""
    per_line = max(1, int(room / (FONT * CHAR_EM)))
    words = re.findall(r"[^\s-]+-|[^\s]+", label)
    lines: list[str] = []
    for word in words:
        joiner = "" if lines and lines[-1].endswith("-") else " "
        if lines and len(lines[-1] + joiner + word) <= per_line:
            lines[-1] += joiner + word
        else:
            lines.append(word)
    return lines or [label]


def _label(lines: list[str], x: float, y: float) -> str:
    spans = "".join(f'<tspan x="{x:.1f}" dy="{0 if i == 0 else LINE}">{html_text(t)}</tspan>' for i, t in enumerate(lines))
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{FONT}" text-anchor="middle">{spans}</text>'


def label_lines(names: list[str]) -> int:
    """How many lines the longest-wrapped category label takes: the chart grows to hold them."""
    band = (WIDTH - RIGHT - LEFT) / len(names)
    return max(len(wrap(n, band)) for n in names)


def _bars(series: list[Series], frame: Frame, names: list[str]) -> list[str]:
    band = (WIDTH - RIGHT - LEFT) / len(names)
    width = band * 0.7 / len(series)
    base = HEIGHT - BOTTOM
    out = [f'<line class="gpulist-chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{base}" y2="{base}"/>']
    out.extend(_label(wrap(name, band), LEFT + band * (k + 0.5), base + 6 + FONT) for k, name in enumerate(names))
    for i, s in enumerate(series):
        colour = f"gpulist-chart-s{i % SERIES_COLOURS}"
        for p in s.points:
            left = LEFT + band * names.index(str(p.x)) + band * 0.15 + i * width
            top = frame.y(p.y)
            out.append(f'<rect class="{colour}" x="{left:.1f}" y="{top:.1f}" width="{width:.1f}" '
                       f'height="{base - top:.1f}"/>')
            if p.predicted is not None:
                y = frame.y(p.predicted)
                out.append(f'<line class="{colour} gpulist-chart-predicted" x1="{left - 3:.1f}" '
                           f'x2="{left + width + 3:.1f}" y1="{y:.1f}" y2="{y:.1f}"/>')
            out += _spread("gpulist-chart-ink", left + width / 2, frame, p)
            out += _bound(colour, left - 3, left + width + 3, frame, p)
    return out


# Units as a reader writes them; a record keeps them ASCII (RECORD.md's lists).
SHOWN_UNITS = {"us": "µs", "x": "×", "percent": "%"}


def shown_unit(unit: str) -> str:
    return SHOWN_UNITS.get(unit, unit)


def axis_label(label: str, unit: str) -> str:
    """An axis's label with its unit; a count (categories, paths) is a label alone."""
    return label if unit == "count" else f"{label} ({shown_unit(unit)})"


def groups(record: Measurement) -> list[list[Series]]:
    """The record's series, one chart per axis pair: series that share the scale and both units share a
    chart (a memory lab's bars of 4 GiB kernels and its sweep of working sets make two)."""
    found: dict[tuple[str, str, str], list[Series]] = {}
    for s in record.series:
        found.setdefault((s.scale, s.x.unit, s.y.unit), []).append(s)
    return list(found.values())


def chart_svg(series: list[Series], finding: str, ident: str, title: str) -> str:
    """Series sharing their axes as one chart; `ident` makes the title's and description's ids unique."""
    first = series[0]
    x_label = axis_label(first.x.label, first.x.unit)
    y_label = axis_label(first.y.label, first.y.unit) + (", log scale" if log_y(series) else "")
    extra, x_axis = 0, "category " + " ".join(_word(n) for n in _categories(series))
    if first.scale == "category":
        frame, names = _frame(series, lambda v: v), _categories(series)
        below = HEIGHT - BOTTOM + 6 + FONT + label_lines(names) * LINE + 4  # the axis label, under the last line
        extra = max(0, below + 8 - HEIGHT)
        body = [*_y_axis(frame, y_label), *_bars(series, frame, names),
                f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{max(below, HEIGHT - 8)}" font-size="{FONT}" '
                f'text-anchor="middle">{html_text(x_label)}</text>']
    else:
        x, ticks, x_axis = _x_numeric(series, first.scale)
        frame = _frame(series, x)
        body = [*_y_axis(frame, y_label), *_x_axis(ticks, x, x_label), *_lines(series, frame)]
    ids = f"{ident}-title {ident}-desc"
    return (f'<svg class="gpulist-chart" viewBox="0 0 {WIDTH} {HEIGHT + extra}" role="img" '
            f'aria-labelledby="{escape_attr(ids)}"{scale_attributes(series, x_axis, frame)}>'
            f'<title id="{escape_attr(ident)}-title">{html_text(title)}</title>'
            f'<desc id="{escape_attr(ident)}-desc">{html_text(finding)}</desc>'
            + "".join(body) + "</svg>")


def scale_attributes(series: list[Series], x_axis: str, frame: Frame) -> str:
    """The chart's scales as data attributes, so that compare.js draws a reader's own points on the
    picture the build drew, with the same mapping: the plot's box in user units, each axis's scale
    and range (categories in order, each %20-escaped), and the units a reader's series must share."""
    first = series[0]
    box = f"{LEFT} {WIDTH - RIGHT} {TOP} {HEIGHT - BOTTOM}"
    return (f' data-gpulist-box="{box}" data-gpulist-x="{x_axis}" data-gpulist-y="{frame.y_axis}"'
            f' data-gpulist-units="{_word(first.scale)} {_word(first.x.unit)} {_word(first.y.unit)}"')


def _word(text: str) -> str:
    """A value in a space-separated data attribute: escaped, its spaces written %20."""
    return escape_attr(text).replace(" ", "%20")


def point_of(series: Series, point: object) -> str:
    """A numbers table's row named by its series and x, so that compare.js puts a reader's value beside it."""
    x = getattr(point, "x")
    raw = x if isinstance(x, str) else f"{float(x):g}"
    return f' data-gpulist-series="{escape_attr(series.id)}" data-gpulist-x="{escape_attr(raw)}"'


def legend(series: list[Series]) -> str:
    """The series' names beside their colours, and what a dashed line means, as HTML under the chart."""
    items = [f'<li><span class="gpulist-chart-key gpulist-chart-s{i % SERIES_COLOURS}" aria-hidden="true"></span>'
             f"{html_text(s.label)}</li>" for i, s in enumerate(series)]
    points = [p for s in series for p in s.points]
    if any(p.predicted is not None for p in points):
        items.append('<li><span class="gpulist-chart-key gpulist-chart-predicted-key" aria-hidden="true"></span>'
                     "predicted" + (" by the model" if any(bound_of(p) is not None or quartiles(p)[0] is not None
                                                          for p in points) else "") + "</li>")
    if any(bound_of(p) is not None for p in points):
        items.append('<li><span class="gpulist-chart-key gpulist-chart-bound-key" aria-hidden="true"></span>'
                     "bound (a limit, not a prediction)</li>")
    if any(quartiles(p)[0] is not None for p in points):
        items.append('<li><span class="gpulist-chart-key gpulist-chart-spread-key" aria-hidden="true"></span>'
                     "error bars: the middle half of the samples (first to third quartile)</li>")
    return '<ul class="gpulist-chart-legend">' + "".join(items) + "</ul>"
