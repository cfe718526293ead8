"""A concept page's "Across vendors": the concept's name on NVIDIA, AMD and TPU hardware, and
the profiler metric that measures it on each, as one small table [data-gpulist-vendors].

Why a table: a reader who knows the warp and meets a wavefront wants the two side by side,
and the metric each profiler prints for it in the same column as the word. Each vendor's
word links the vendor's own page that defines it (for AMD, its GPU glossary); a word whose
thing has a concept page here links that page instead. NVIDIA's column shows the concept's
title where no other NVIDIA word is written, since the concepts are named as NVIDIA names
them. A metric's profiler links the vendor's page that defines the metric (a link underline
would hide the underscores of a name like sm__warps_active). A metric's name is code, so it wraps anywhere on a narrow screen rather than making the
table scroll (gpulist.css, .gpulist-vendors).
"""

from __future__ import annotations

from gpulist.models import PROFILER_TITLES, PROFILER_VENDOR, VENDOR_TITLES, VENDORS, Concept, ProfilerMetric, VendorTerm
from gpulist.view.catalog import SiteView
from gpulist.view.links import href
from gpulist.view.text import escape_attr, html_text

NONE = "—"


def vendor_section(c: Concept, view: SiteView, page: str, style: str, not_searched: str) -> str:
    """The section, or "" for a concept with neither vendor terms nor metrics."""
    if not c.vendor_terms and not c.metrics:
        return ""
    head = '<th scope="col">What</th>' + "".join(f'<th scope="col">{VENDOR_TITLES[v]}</th>' for v in VENDORS)
    rows = [_row("Name", [_names(c, v, view, page, style) for v in VENDORS])]
    if c.metrics:
        rows.append(_row("Metric", [_metrics(c.metrics, v) for v in VENDORS]))
    return (f"## Across vendors {{ #vendors{not_searched} }}\n\n"
            f'<table class="gpulist-vendors" data-gpulist-vendors><caption>{html_text(c.title)} on NVIDIA, AMD and TPU '
            f"hardware, and the profiler metrics that measure it</caption><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>\n")


def _row(label: str, cells: list[str]) -> str:
    return f'<tr><th scope="row">{label}</th>' + "".join(f"<td>{cell or NONE}</td>" for cell in cells) + "</tr>"


def _names(c: Concept, vendor: str, view: SiteView, page: str, style: str) -> str:
    terms = [t for t in c.vendor_terms if t.vendor == vendor]
    if not terms:
        return html_text(c.title) if vendor == "nvidia" else ""
    return "<br>".join(_term(t, view, page, style) for t in terms)


def _term(t: VendorTerm, view: SiteView, page: str, style: str) -> str:
    """The word, linked to its concept page here when it has one, else to the vendor's page."""
    cv = view.concept_by_id.get(t.concept) if t.concept else None
    url = href(page, cv.page, style) if cv else (str(t.url) if t.url else None)
    return f'<a href="{escape_attr(url)}">{html_text(t.term)}</a>' if url else html_text(t.term)


def _metrics(metrics: list[ProfilerMetric], vendor: str) -> str:
    lines = [f'<a href="{escape_attr(str(m.url))}">{PROFILER_TITLES[m.profiler]}</a>: <code>{html_text(m.metric)}</code>'
             for m in metrics if PROFILER_VENDOR[m.profiler] == vendor]
    return "<br>".join(lines)
