"""The "GPU numbers" page: every GPU of data/gpus.yml in one table, and where each number comes from.

Contract with docs/assets/javascripts/gpu-table.js (the hooks are stable):

- `[data-gpulist-gpus]` holds the table; without JavaScript it is a plain table that scrolls
  sideways inside its own box (`.gpulist-gpus-scroll`, a focusable region), never the page.
- Each `<th>` of the head carries `data-key` (the column), `data-type` (`number` or `text`)
  and, for the few columns a phone shows first, `data-core`. The script makes each header a
  sort button (setting `aria-sort`) and adds a column chooser: on a narrow screen only the
  core columns show until the reader picks others.
- Each cell carries its plain value in `data-value` (empty when no source gives the number),
  which is what the script sorts by; each row's id is `gpu-<id>`, the anchor the
  architecture concept pages link to.

Below the table, "Sources" names, GPU by GPU, the vendor's document behind each group of
numbers and where in it they stand. Where the numbers were read in a faithful copy of the
document, data/gpus.yml and provenance/gpus.md say which; the reader is shown the document
itself, as for every other resource. A count the GPU reported to a labs run (its SMs, its L2)
fills a column no vendor source gives, marked as the device's and named in the sources.
"""

from __future__ import annotations

from gpulist.models import GpuSource
from gpulist.view.catalog import SiteView
from gpulist.view.cited import CitedRow
from gpulist.view.concepts import concept_page
from gpulist.view.config import SiteConfig
from gpulist.view.gpus import COLUMNS, GPU_PAGE, Column, GpuRow, GpuTable
from gpulist.view.labs import ceilings_of
from gpulist.view.links import href
from gpulist.view.text import escape_attr, escape_text, front_matter, html_text

PAGE = GPU_PAGE
TITLE = "GPU numbers"
_LABELS = {c.key: (c.label + (f" ({c.unit})" if c.unit else "")) for c in COLUMNS}
_LABELS["target"] = "compute capability or gfx target"
INTRO = (
    "The figures that rooflines, occupancy estimates and serving budgets start from, for the GPUs people use, "
    "each from the vendor's datasheet, whitepaper or documentation: the [sources](#sources) below name the "
    "document and the table behind every number. Peak rates are dense unless the column says *sparse* "
    "(2:4 structured sparsity, which doubles the rate for matrices that have it); where a vendor gives two FP16 "
    "or FP8 tensor rates, the one with FP32 accumulation is shown.\n\n"
    '<p class="gpulist-gpus-legend" id="gpus-legend"><span class="gpulist-mark">—</span> not in these sources: '
    'none of the sources below gives the number. <span class="gpulist-mark">×</span> not supported: the GPU\'s '
    "tensor cores do not take this data type, as the source named below the GPU says. "
    '<span class="gpulist-mark">d</span> reported by the GPU itself to a run of the labs (its SMs, and its L2 in '
    "MiB), where no vendor source gives the number.</p>\n"
)
MARKS = {"unpublished": ("—", "not in these sources"), "unsupported": ("×", "not supported")}


def fmt(value: float | int | str) -> str:
    """A number as a reader scans a table: thousands separated, no trailing zeros."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.6g}"


def render_gpus(view: SiteView, config: SiteConfig) -> str:
    table = view.gpus
    assert table is not None  # the page exists only with a GPU file (gpulist.site.pages)
    out = [front_matter({"title": TITLE, "description": "SMs, memory, bandwidth, caches and peak TFLOPS of the "
                         "GPUs people use, each number with its source.", "hide": ["toc"]})]
    out.append(f"# {TITLE}\n\n{INTRO}")
    out.append(gpu_table(table, view, config))
    out.append(measured_ceilings(table, view, config))
    out.append(measured_elsewhere(view))
    out.append(sources_section(table))
    return "\n".join(out)


def _head(column: Column) -> str:
    unit = f'<br><span class="gpulist-unit">{html_text(column.unit)}</span>' if column.unit else ""
    kind = "text" if column.key in ("target", "interconnect") else "number"
    core = " data-core" if column.core else ""
    return f'<th scope="col" data-key="{column.key}" data-type="{kind}"{core}>{html_text(column.label)}{unit}</th>'


def _reported_cell(row: GpuRow, column: Column) -> str:
    said = row.reported[column.key]
    shown = fmt(said.value) + (f" {said.unit}" if said.unit else "")
    return (f'<td data-value="{escape_attr(str(said.value))}" data-gpulist-reported>{html_text(shown)}'
            '<sup class="gpulist-mark" aria-hidden="true">d</sup>'
            '<span class="gpulist-visually-hidden"> (reported by the GPU)</span></td>')


def _cell(row: GpuRow, column: Column) -> str:
    value = row.value(column.key)
    if value is None and column.key in row.reported:
        return _reported_cell(row, column)
    if value is None:
        mark, words = MARKS["unsupported" if column.key in row.unsupported else "unpublished"]
        return (f'<td data-value="" data-gpulist-missing="{words.replace(" ", "-")}"><span aria-hidden="true">{mark}</span>'
                f'<span class="gpulist-visually-hidden">{words}</span></td>')
    shown = str(value) if column.key == "year" else fmt(value)
    return f'<td data-value="{escape_attr(str(value))}">{html_text(shown)}</td>'


def _name_cell(row: GpuRow, view: SiteView, style: str) -> str:
    gpu = row.gpu
    arch = html_text(gpu.architecture)
    if gpu.concept and gpu.concept in view.concept_by_id:
        arch = f'<a href="{escape_attr(href(PAGE, concept_page(gpu.concept), style))}">{arch}</a>'
    return (f'<th scope="row" data-value="{escape_attr(gpu.name)}"><a href="#sources-{gpu.id}">{html_text(gpu.name)}</a>'
            f'<br><span class="gpulist-gpu-arch">{html_text(gpu.vendor)} · {arch}</span></th>')


def gpu_table(table: GpuTable, view: SiteView, config: SiteConfig) -> str:
    columns = table.columns()
    head = '<th scope="col" data-key="name" data-type="text" data-core>GPU</th>' + "".join(_head(c) for c in columns)
    rows = [f'<tr id="{row.anchor}">{_name_cell(row, view, config.link_style)}'
            + "".join(_cell(row, c) for c in columns) + "</tr>" for row in table.rows]
    return ('<div class="gpulist-gpus" data-gpulist-gpus>\n'
            '<div class="gpulist-gpus-scroll" role="region" aria-label="GPU numbers, scrollable" tabindex="0">\n'
            f'<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n' + "\n".join(rows) + "\n</tbody>\n</table>\n</div>\n</div>\n")


def _ceiling_rows(table: GpuTable, view: SiteView, style: str) -> list[str]:
    rows = []
    for row in table.rows:
        for metric, ceiling in sorted(ceilings_of(view.labs, row.gpu.id).items(), key=lambda m: _ORDER.get(m[0], 99)):
            peak = row.value(metric)
            if not isinstance(peak, (int, float)):
                continue
            record = escape_attr(href(PAGE, ceiling.lab.record_link(row.gpu.id), style))
            rows.append(f'<tr><th scope="row">{html_text(row.gpu.name)}</th><td>{html_text(_LABELS.get(metric, metric))}'
                        f"</td><td data-value=\"{peak}\">{fmt(peak)}</td><td data-value=\"{ceiling.value}\">{fmt(ceiling.value)}"
                        f"</td><td data-value=\"{ceiling.value / peak:.4f}\">{ceiling.value / peak:.0%}</td>"
                        f'<td>{html_text(ceiling.how)} (<a href="{record}">{html_text(ceiling.lab.lab.title)} lab, '
                        f"{html_text(ceiling.record.conditions.date)}</a>)</td></tr>")
    return rows


_ORDER = {c.key: i for i, c in enumerate(COLUMNS)}


def measured_ceilings(table: GpuTable, view: SiteView, config: SiteConfig) -> str:
    """What the labs reached on each GPU beside the vendor's peak for the same figure, each linking its record."""
    rows = _ceiling_rows(table, view, config.link_style)
    if not rows:
        return ""
    labs = escape_attr(href(PAGE, "labs/index.md", config.link_style))
    return ("## Measured ceilings { #measured data-search-exclude }\n\n"
            f'<p>What the <a href="{labs}">labs</a> reached on real GPUs, beside the vendor\'s peak for the same figure: '
            "a vendor's peak is an upper bound no program reaches, and the share of it a careful program does reach "
            "is the ceiling to plan with.</p>\n\n"
            '<div class="gpulist-ceilings-scroll" role="region" aria-label="Measured ceilings, scrollable" tabindex="0">'
            '<table class="gpulist-ceilings" data-gpulist-ceilings><thead><tr><th scope="col">GPU</th>'
            '<th scope="col">Figure</th><th scope="col">Vendor peak</th><th scope="col">Measured</th>'
            '<th scope="col">Share of peak</th><th scope="col">How, and the record</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>\n")


def _conditions(cited: CitedRow) -> str:
    """Who measured it, under what conditions, when, and the link to where they published it."""
    figure, source = cited.figure, cited.source
    stated = [v for v in (figure.conditions.shape, figure.conditions.software, figure.conditions.notes)
              if v] if figure.conditions else []
    when = (f"measured {figure.date}" if figure.date_of == "measurement"
            else f"no measurement date given; source snapshot of {figure.date}" if figure.date else "")
    said = "; ".join(html_text(t) for t in (*stated, when) if t)
    return (f'<td>{html_text(source.author)}: {said} (<a href="{escape_attr(source.url)}">{html_text(source.title)}'
            f"</a>, {html_text(figure.where)})</td>")


def _cited_row(cited: CitedRow) -> str:
    figure = cited.figure
    return (f'<tr><th scope="row">{html_text(cited.row.gpu.name)}</th>'
            f"<td>{html_text(_LABELS.get(figure.metric, figure.metric))}</td>"
            f'<td data-value="{cited.peak}">{fmt(cited.peak)}</td><td data-value="{figure.value}">{fmt(figure.value)}</td>'
            f'<td data-value="{cited.share:.4f}">{cited.share:.0%}</td>{_conditions(cited)}</tr>')


def measured_elsewhere(view: SiteView) -> str:
    """Careful published measurements by others beside the vendor's peak, in a table of their own:
    never mixed with our records, each saying who measured it, how, when, and where it is published."""
    if not view.cited:
        return ""
    return ("## Measured elsewhere { #measured-elsewhere data-search-exclude }\n\n"
            "<p>What others measured and published, with the conditions they state, beside the vendor's peak for "
            "the same figure. These are not our measurements: each row links where its author published it.</p>\n\n"
            '<div class="gpulist-ceilings-scroll" role="region" aria-label="Measured elsewhere, scrollable" tabindex="0">'
            '<table class="gpulist-ceilings" data-gpulist-cited><thead><tr><th scope="col">GPU</th>'
            '<th scope="col">Figure</th><th scope="col">Vendor peak</th><th scope="col">Measured</th>'
            '<th scope="col">Share of peak</th><th scope="col">By whom, conditions, and the source</th></tr></thead><tbody>'
            + "".join(_cited_row(c) for c in view.cited) + "</tbody></table></div>\n\n" + _methods(view.cited))


def _methods(cited: tuple[CitedRow, ...]) -> str:
    """How each source measured every figure it gives, as it states it: said once, not per row."""
    sources = {c.source.id: c.source for c in cited}
    items = "".join(f"<li>{html_text(s.title)} ({html_text(s.author)}): {html_text(s.method)}</li>"
                    for s in sources.values())
    return f'<ul class="gpulist-cited-methods">{items}</ul>\n'


def source_html(source: GpuSource) -> str:
    """The vendor's document, linked where its address is known. The copy it was read in (`via`)
    is the workshop's record (data/gpus.yml, provenance/gpus.md), not the reader's: a reader
    checks a number against the vendor's own document, and "as quoted in a blog post" only
    undercut the table."""
    title = html_text(source.title)
    named = f'<a href="{escape_attr(source.url)}">{title}</a>' if source.url else title
    return f"{named} ({html_text(source.publisher)})"


def sources_section(table: GpuTable) -> str:
    out = ["## Sources { #sources data-search-exclude }\n",
           "Each line names the numbers of one table and where they stand in it.\n"]
    for row in table.rows:
        lines = []
        for group in row.gpu.figures:
            source = table.sources.get(group.source)
            names = [k for k, cell in row.cells.items() if cell.source is source and cell.where == group.where]
            if source is None or not names:
                continue
            labels = ", ".join(html_text(_LABELS.get(k, k)) for k in names)
            lines.append(f"<li><strong>{labels}</strong>: {source_html(source)}. {html_text(group.where.rstrip('.'))}.</li>")
        lines.extend(_unsupported_lines(row))
        lines.extend(_reported_lines(row))
        out.append(f"### {escape_text(row.gpu.name)} {{ #sources-{row.gpu.id} data-search-exclude }}\n\n"
                   '<ul class="gpulist-gpu-sources">\n' + "\n".join(lines) + "\n</ul>\n")
    return "\n".join(out)


def _unsupported_lines(row: GpuRow) -> list[str]:
    """Where each "not supported" mark comes from, one line per source and place."""
    groups: dict[tuple[str, str], list[str]] = {}
    for key, why in row.unsupported.items():
        groups.setdefault((why.source.id, why.where), []).append(key)
    lines = []
    for (_, where), keys in groups.items():
        why = row.unsupported[keys[0]]
        labels = ", ".join(html_text(_LABELS.get(k, k)) for k in keys)
        lines.append(f"<li><strong>Not supported: {labels}</strong>: {source_html(why.source)}. "
                     f"{html_text(where.rstrip('.'))}.</li>")
    return lines


def _reported_lines(row: GpuRow) -> list[str]:
    """Where each device-reported count comes from: the labs' record that carries it."""
    if not row.reported:
        return []
    labels = ", ".join(html_text(_LABELS.get(k, k)) for k in row.reported)
    said = next(iter(row.reported.values()))
    return [f"<li><strong>{labels}</strong>: reported by the GPU itself (CUDA's device properties) to the "
            f"{html_text(said.lab)} lab's run of {html_text(said.date)}; the L2 in MiB, as the driver counts it.</li>"]


def _summary(row: GpuRow) -> str:
    """The few numbers that place a GPU: units, memory and bandwidth, dense BF16 peak."""
    units = "SMs" if row.gpu.vendor == "NVIDIA" else "CUs"
    parts = []
    if (count := row.value("compute_units")) is not None:
        parts.append(f"{fmt(count)} {units}")
    memory, bandwidth = row.value("memory_gb"), row.value("memory_bandwidth_gbs")
    if memory is not None:
        parts.append(f"{fmt(memory)} GB" + (f" at {fmt(bandwidth)} GB/s" if bandwidth is not None else ""))
    if (bf16 := row.peak("bf16")) is not None:
        parts.append(f"{fmt(bf16)} TFLOPS dense BF16")
    return ", ".join(parts)


def architecture_gpus(concept_id: str, view: SiteView, page: str, config: SiteConfig) -> str:
    """On an architecture's concept page: its GPUs, each linked to its row of the GPU page."""
    rows = view.gpus.of_concept(concept_id) if view.gpus else []
    if not rows:
        return ""
    items = []
    for row in rows:
        target = escape_attr(href(page, f"{PAGE}#{row.anchor}", config.link_style))
        summary = _summary(row)
        items.append(f'<li><a href="{target}">{html_text(row.gpu.name)}</a>' + (f": {summary}" if summary else "") + "</li>")
    return ("## GPUs of this architecture { #gpus data-search-exclude }\n\n"
            '<ul class="gpulist-gpu-links">\n' + "\n".join(items) + "\n</ul>\n")
