"""HTML pieces the calculators are built from: labelled fields, outputs, worked-example tables,
and the three-significant-figure display both the page and calculators.js use.

Every value is escaped here; each field's id is `calc-<calculator>-<input name>`, unique on a
page, and each label names its control (checked with axe-core in tests/browser).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from gpulist.models.gpu import Placement
from gpulist.site.gpus_page import fmt
from gpulist.view.catalog import SiteView
from gpulist.view.gpus import TYPE_LABELS, GpuRow, GpuTable
from gpulist.view.labs import ceilings_of
from gpulist.view.links import entry_href, href
from gpulist.view.text import escape_attr, html_text


def sig3(x: float) -> str:
    """Three significant figures, as the page and the script both show results."""
    if x == 0 or not math.isfinite(x):
        return "0"
    if 1e-3 <= abs(x) < 1e6:
        return fmt(float(f"{x:.3g}"))
    mantissa, exponent = f"{x:.2e}".split("e")
    return f"{mantissa} × 10<sup>{int(exponent)}</sup>"


def size(nbytes: float) -> str:
    """Bytes in decimal units (kB = 1000 bytes), three significant figures."""
    for unit, scale in (("TB", 1e12), ("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if nbytes >= scale:
            return f"{sig3(nbytes / scale)} {unit}"
    return f"{sig3(nbytes)} bytes"


def duration(seconds: float) -> str:
    for unit, scale in (("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= scale:
            return f"{sig3(seconds / scale)} {unit}"
    return f"{sig3(seconds)} seconds"


def measured_data(view: SiteView, gpu_id: str) -> str:
    """A GPU option's measured ceilings, where the labs have any: `data-measured-bandwidth` (GB/s) and
    `data-measured-peaks` (JSON, TFLOPS by data type), for the roofline calculator's "measured" roof."""
    found = ceilings_of(view.labs, gpu_id)
    out = ""
    if (bandwidth := found.get("memory_bandwidth_gbs")) is not None:
        out += f' data-measured-bandwidth="{bandwidth.value}"'
    peaks = {m.split(".", 1)[1]: c.value for m, c in found.items() if m.startswith("dense.")}
    if peaks:
        out += f' data-measured-peaks="{escape_attr(json.dumps(peaks, separators=(",", ":")))}"'
    return out


def gpu_options(table: GpuTable, chosen: str, usable: Callable[[GpuRow], bool], view: SiteView | None = None) -> str:
    options = []
    for row in table.rows:
        if not usable(row):
            continue
        peaks = json.dumps({t: row.peak(t) for t in row.dtypes()}, separators=(",", ":"))
        data = f' data-peaks="{escape_attr(peaks)}"'
        for attr, key in (("memory", "memory_gb"), ("bandwidth", "memory_bandwidth_gbs")):
            if (value := row.value(key)) is not None:
                data += f' data-{attr}="{value}"'
        if view is not None:
            data += measured_data(view, row.gpu.id)
        selected = " selected" if row.gpu.id == chosen else ""
        options.append(f'<option value="{row.gpu.id}"{data}{selected}>{html_text(row.gpu.name)}</option>')
    return "".join(options)


def dtype_options(row: GpuRow, chosen: str) -> str:
    return "".join(f'<option value="{t}"{" selected" if t == chosen else ""}>{TYPE_LABELS[t]}</option>'
                   for t in row.dtypes())


def field(calc_id: str, name: str, label: str, tag: str, attrs: str = "", content: str = "") -> str:
    """A labelled control, `<tag id=calc-<calculator>-<name> name=<name> attrs>`, closed unless an input,
    with the box beside it where calculators.js says what is wrong with what was typed there."""
    ident = f"calc-{calc_id}-{name}"
    close = "" if tag == "input" else f"{content}</{tag}>"
    return (f'<div class="gpulist-calc-field"><label for="{ident}">{label}</label>'
            f'<{tag} id="{ident}" name="{name}" aria-describedby="{ident}-message"{attrs}>{close}'
            f'<span class="gpulist-calc-field-message" id="{ident}-message" data-gpulist-field-message '
            f'data-name="{name}" hidden></span></div>')


def plain(value: float) -> str:
    """An input's starting value as a reader would type it: 32768, 8e9, 137438953472."""
    short = f"{value:.6g}"
    if abs(value) >= 1e7 and float(short) == value:
        return short.replace("e+0", "e").replace("e+", "e")
    return f"{value:.0f}" if float(value).is_integer() else short


def number_input(calc_id: str, name: str, label: str, value: float | int, suffix: str = "") -> str:
    shown = plain(value) + suffix
    return field(calc_id, name, label, "input", f' type="text" inputmode="decimal" autocomplete="off" value="{shown}"')


def select(calc_id: str, name: str, label: str, options: str) -> str:
    return field(calc_id, name, label, "select", "", options)


def output(name: str, label: str, value: float | str, text: str) -> str:
    return f'<dt>{label}</dt><dd><output name="{name}" data-value="{value}">{text}</output></dd>'


def form(calc_id: str, fields: list[str], outputs: list[str]) -> str:
    return (f'<form class="gpulist-calc-form">\n<div class="gpulist-calc-fields">{"".join(fields)}</div>\n'
            '<p class="gpulist-calc-message" data-gpulist-calc-message role="alert" hidden></p>\n'
            f'<dl class="gpulist-calc-results">{"".join(outputs)}</dl>\n</form>')


def worked_table(caption: str, header: list[str], rows: list[list[str]]) -> str:
    head = "".join(f'<th scope="col">{h}</th>' for h in header)
    body = "".join("<tr>" + f'<th scope="row">{r[0]}</th>' + "".join(f"<td>{c}</td>" for c in r[1:]) + "</tr>"
                   for r in rows)
    return (f'<div class="gpulist-calc-worked"><table><caption>{caption}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")


def teaching(place: Placement, view: SiteView, page: str, style: str) -> str:
    """The entries whose formula the calculator uses, linked to their cards."""
    links = []
    for entry_id in place.teaches:
        entry = view.entry_by_id.get(entry_id)
        if entry is not None:
            target = escape_attr(entry_href(page, entry.resource, style))
            links.append(f'<a href="{target}">{html_text(entry.resource.title)}</a>')
    return " and ".join(links)


def gpu_link(row: GpuRow, page: str, style: str) -> str:
    target = escape_attr(href(page, f"gpus.md#{row.anchor}", style))
    return f'<a href="{target}">{html_text(row.gpu.name)}</a>'
