"""A profiler trace drawn at build time as a static SVG timeline: the host's runtime calls on one
row, the GPU's kernels and copies on the row below, the idle gaps between them labelled.

Like the charts (gpulist.site.chart) it is a picture of numbers also given as text, so it
reads without script, on a phone and in either scheme: a `viewBox` scaled to the column, text
at FONT user units, every colour `currentColor` or a series variable of measured.css,
`role="img"` with a `<title>` and a `<desc>` saying what the picture shows in words (how many
pieces of GPU work, the median gap, how busy the GPU was). Every gap is marked, and labelled
with its length where the labels do not run into each other; the caption under the picture
gives the median either way.
"""

from __future__ import annotations

from gpulist.site.chart import FONT, WIDTH, nice_max, number
from gpulist.view.text import escape_attr, html_text
from gpulist.view.timeline import Span, Timeline

LEFT, RIGHT = 64, 16
HOST_Y, GPU_Y, ROW = 40, 100, 26
AXIS_Y = 150
HEIGHT = 196
CHAR = FONT * 0.55  # a digit's width, about, in user units


def us(value: float) -> str:
    """A duration as the caption and labels write it: 3 µs, 0.45 µs, 1,200 µs."""
    return f"{number(value)} µs"


def _place(timeline: Timeline) -> tuple[float, float]:
    """The time axis's end (a round number of µs) and the scale in user units per µs."""
    top, _ = nice_max(timeline.end_us or 1.0)
    return top, (WIDTH - RIGHT - LEFT) / top


def _bars(spans: tuple[Span, ...], y: float, scale: float, css: str) -> list[str]:
    out = []
    for s in spans:
        x, w = LEFT + s.start_us * scale, max(1.0, s.dur_us * scale)
        out.append(f'<rect class="{css}" x="{x:.1f}" y="{y}" width="{w:.1f}" height="{ROW}"/>')
    return out


def _gap_labels(timeline: Timeline, scale: float) -> list[str]:
    """A bracket over every gap, and its length written over it where the text has room: inside the
    gap, or spilling over the bars beside it when the previous label leaves space (a gap under a
    label's width is still marked; the caption gives the median)."""
    out, free = [], float(LEFT)
    for span, gap in timeline.gaps():
        if gap <= 0:
            continue
        width, text = gap * scale, us(gap)
        mid = LEFT + (span.start_us - gap / 2) * scale
        out.append(f'<line class="gpulist-timeline-gap" x1="{mid - width / 2:.1f}" x2="{mid + width / 2:.1f}" '
                   f'y1="{GPU_Y - 6}" y2="{GPU_Y - 6}"/>')
        half = len(text) * CHAR / 2
        if mid - half < free or mid + half > WIDTH - 2:
            continue
        out.append(f'<text x="{mid:.1f}" y="{GPU_Y - 12}" font-size="{FONT}" text-anchor="middle">'
                   f"{html_text(text)}</text>")
        free = mid + half + CHAR
    return out


def _axis(top: float, scale: float) -> list[str]:
    _, step = nice_max(top)
    out = [f'<line class="gpulist-chart-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{AXIS_Y}" y2="{AXIS_Y}"/>',
           f'<text x="{(LEFT + WIDTH - RIGHT) / 2:.1f}" y="{HEIGHT - 8}" font-size="{FONT}" text-anchor="middle">'
           "time (µs)</text>"]
    ticks = int(round(top / step))
    for i in range(ticks + 1):
        x = LEFT + i * step * scale
        anchor = "end" if i == ticks else "middle"
        out.append(f'<line class="gpulist-chart-axis" x1="{x:.1f}" x2="{x:.1f}" y1="{AXIS_Y}" y2="{AXIS_Y + 5}"/>')
        out.append(f'<text x="{x:.1f}" y="{AXIS_Y + 6 + FONT}" font-size="{FONT}" text-anchor="{anchor}">'
                   f"{html_text(number(i * step))}</text>")
    return out


def describe(timeline: Timeline) -> str:
    """The picture in one sentence: what ran, how long the GPU waited between pieces of work."""
    shown, total = len(timeline.gpu), timeline.total_gpu_events
    kernels = sum(1 for s in timeline.gpu if s.kind == "kernel")
    what = f"{shown} pieces of GPU work ({kernels} kernels)" + (f", the first {shown} of {total}" if total > shown else "")
    gap, busy = timeline.median_gap_us(), timeline.busy_share()
    parts = [what]
    if gap is not None:
        parts.append(f"a median gap of {us(gap)} between them")
    if busy is not None:
        parts.append(f"the GPU busy {busy:.0%} of the time from the first to the last")
    return ", ".join(parts) + f"; {len(timeline.host)} runtime calls on the host."


def timeline_svg(timeline: Timeline, ident: str, title: str) -> str:
    top, scale = _place(timeline)
    body = [f'<text x="8" y="{HOST_Y + ROW / 2 + FONT * 0.35:.1f}" font-size="{FONT}">host</text>',
            f'<text x="8" y="{GPU_Y + ROW / 2 + FONT * 0.35:.1f}" font-size="{FONT}">GPU</text>',
            *_bars(timeline.host, HOST_Y, scale, "gpulist-timeline-host"),
            *_bars(timeline.gpu, GPU_Y, scale, "gpulist-timeline-gpu"), *_gap_labels(timeline, scale),
            *_axis(top, scale)]
    ids = f"{ident}-title {ident}-desc"
    return (f'<svg class="gpulist-chart gpulist-timeline" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
            f'aria-labelledby="{escape_attr(ids)}"><title id="{escape_attr(ident)}-title">{html_text(title)}</title>'
            f'<desc id="{escape_attr(ident)}-desc">{html_text(describe(timeline))}</desc>' + "".join(body) + "</svg>")
