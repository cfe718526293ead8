"""The body of each calculator: the formula in words with the entries that teach it, a worked
example computed from data/gpus.yml, and the form calculators.js makes interactive.

The worked examples run the functions of gpulist.view.arithmetic on the GPU and model that
gpus.yml names for each calculator; the form opens on the same inputs, so with JavaScript
the reader starts from the example and changes one thing at a time.
"""

from __future__ import annotations

from collections.abc import Callable

from gpulist.models.gpu import Placement
from gpulist.site.calc_html import (
    dtype_options, duration, form, gpu_link, gpu_options, number_input, output, select, sig3, size, teaching,
    worked_table,
)
from gpulist.site.calc_kv import kv_cache_body
from gpulist.site.gpus_page import fmt
from gpulist.site.roofline_chart import roofline_legend, roofline_svg
from gpulist.view import arithmetic as calc
from gpulist.view.catalog import SiteView
from gpulist.view.gpus import TYPE_LABELS, GpuRow, GpuTable
from gpulist.view.labs import ceilings_of
from gpulist.view.links import href
from gpulist.view.text import escape_attr

Body = Callable[[GpuTable, GpuRow, Placement, SiteView, str, str], str]


def _example_dtype(row: GpuRow) -> str | None:
    return "bf16" if row.peak("bf16") is not None else next(iter(row.dtypes()), None)


def _gpus_link(page: str, style: str) -> str:
    return f'<a href="{escape_attr(href(page, "gpus.md", style))}">GPU numbers</a>'


def roofline_body(table: GpuTable, row: GpuRow, place: Placement, view: SiteView, page: str, style: str) -> str:
    dtype, bandwidth = _example_dtype(row), row.value("memory_bandwidth_gbs")
    if dtype is None or not isinstance(bandwidth, float):
        return ""
    peak = row.peak(dtype) or 0.0
    kernels = [("GEMM 4096 × 4096 × 4096", *calc.gemm_counts()), ("Matrix–vector 4096 × 4096", *calc.gemv_counts())]
    results = [calc.roofline(peak, bandwidth, flops, nbytes) for _, flops, nbytes in kernels]
    intro = (f"<p>A kernel runs no faster than the lower of two roofs: the GPU's peak rate, and its memory bandwidth "
             f"times the kernel's arithmetic intensity (FLOPs per byte moved). The ridge point, peak over bandwidth, "
             f"is the intensity where the roofs meet: below it the kernel is memory-bound. This is the model of "
             f"{teaching(place, view, page, style)}; peaks and bandwidths come from the {_gpus_link(page, style)}.</p>")
    label = TYPE_LABELS[dtype]
    rows = [["FLOPs", *(sig3(k[1]) for k in kernels)], ["Bytes moved (2-byte elements)", *(size(k[2]) for k in kernels)],
            ["Arithmetic intensity", *(f"{sig3(r.intensity)} FLOP/byte" for r in results)],
            [f"Ridge point ({label})", *(f"{sig3(r.ridge)} FLOP/byte" for r in results)],
            ["Attainable", *(f"{sig3(r.attainable)} TFLOPS" for r in results)], ["Bound", *(r.bound for r in results)]]
    caption = (f"Worked example: two {label} kernels on the {gpu_link(row, page, style)} ({fmt(peak)} TFLOPS, "
               f"{fmt(bandwidth)} GB/s)")
    first, gemm = results[0], kernels[0]
    fields = [select("roofline", "gpu", "GPU", gpu_options(table, row.gpu.id, lambda r: bool(r.dtypes()) and
                                                           r.value("memory_bandwidth_gbs") is not None, view)),
              select("roofline", "dtype", "Data type", dtype_options(row, dtype)),
              *_ceiling_choice(view),
              number_input("roofline", "flops", "Kernel FLOPs", gemm[1]),
              number_input("roofline", "bytes", "Bytes moved", gemm[2])]
    outputs = [output("intensity", "Arithmetic intensity", first.intensity, f"{sig3(first.intensity)} FLOP/byte"),
               output("ridge", "Ridge point", first.ridge, f"{sig3(first.ridge)} FLOP/byte"),
               output("attainable", "Attainable", first.attainable, f"{sig3(first.attainable)} TFLOPS"),
               output("bound", "Bound", first.bound, f"{first.bound}-bound")]
    return "\n".join([intro, worked_table(caption, ["", kernels[0][0], kernels[1][0]], rows),
                      form("roofline", fields, outputs), roofline_plot(row, dtype, peak, bandwidth, view, page, style)])


def _ceiling_choice(view: SiteView) -> list[str]:
    """The roof to compute with: the vendor's peak, or what the labs measured (where they measured it)."""
    if not any(ceilings_of(view.labs, r.gpu.id) for r in (view.gpus.rows if view.gpus else ())):
        return []
    return [select("roofline", "ceiling", "Roof", '<option value="vendor" selected>Vendor\'s peak</option>'
                   '<option value="measured">Measured ceiling (vendor\'s where not measured)</option>')]


def roofline_plot(row: GpuRow, dtype: str, peak: float, bandwidth: float, view: SiteView, page: str, style: str) -> str:
    """The roofline lab's points for the example GPU against its vendor and measured roofs, as SVG the
    reader's kernel is drawn onto (docs/assets/javascripts/roofline-plot.js)."""
    found = ceilings_of(view.labs, row.gpu.id)
    m_bw, m_peak = found.get("memory_bandwidth_gbs"), found.get(f"dense.{dtype}")
    measured = (m_peak.value if m_peak else peak, m_bw.value if m_bw else bandwidth) if (m_bw or m_peak) else None
    lab = next((lv for lv in view.labs if lv.lab.id == "roofline"), None)
    record = next((r for r in lab.records if r.gpu == row.gpu.id), None) if lab else None
    if record is not None and any(s.y.unit != "TFLOPS" or s.x.unit != "FLOP/B" for s in record.series):
        record = None
    title = f"Roofline of the {row.gpu.name}, {TYPE_LABELS[dtype]}" + (", with the roofline lab's points" if record else "")
    note = ""
    if record is not None and lab is not None:
        target = escape_attr(href(page, lab.record_link(row.gpu.id), style))
        note = (f'<p class="gpulist-calc-plot-note">Points: <a href="{target}">the roofline lab on the '
                f"{row.gpu.name}</a>, {record.conditions.date}.</p>")
    return (f'<figure class="gpulist-chart-figure gpulist-calc-plot">'
            f"{roofline_svg(title, (peak, bandwidth), measured, record)}{roofline_legend(record, measured is not None)}"
            f"</figure>{note}")


def transformer_body(table: GpuTable, row: GpuRow, place: Placement, view: SiteView, page: str, style: str) -> str:
    model = table.models.get(place.model or "")
    ex = calc.TRAINING_EXAMPLE
    dtype = str(ex["dtype"])
    peak = row.peak(dtype)
    if model is None or peak is None:
        return ""
    tokens, gpus, mfu = float(ex["tokens"]), int(ex["gpus"]), float(ex["mfu"])
    run = calc.training(model.params, tokens, gpus, mfu, peak)
    intro = (f"<p>A forward pass through N parameters takes about 2N FLOPs per token and training about 6N (the "
             f"backward pass costs twice the forward), as {teaching(place, view, page, style)} count them. Divided "
             f"by what the GPUs deliver, their number × peak × model FLOPs utilisation (MFU), that gives the "
             f"training time. Write MFU as a fraction (0.4) or a percentage (40 or 40%): a number up to 1 is read "
             f"as a fraction, and the result says how it was read.</p>")
    rows = [["Forward FLOPs", "2 × N × tokens", sig3(run.forward_flops)],
            ["Training FLOPs", "6 × N × tokens", sig3(run.training_flops)],
            [f"Time on {fmt(gpus)} GPUs at {fmt(mfu)}% MFU", f"training FLOPs ÷ ({fmt(gpus)} × {fmt(peak)} TFLOPS × "
             f"{fmt(mfu)}%)", duration(run.time)]]
    caption = (f"Worked example: {model.name} (N = {sig3(model.params)}) on {sig3(tokens)} tokens, "
               f"{TYPE_LABELS[dtype]} on the {gpu_link(row, page, style)}")
    fields = [number_input("transformer", "params", "Parameters (N)", model.params),
              number_input("transformer", "tokens", "Training tokens", tokens),
              number_input("transformer", "gpus", "GPUs", gpus),
              number_input("transformer", "mfu", "MFU (0.4 or 40%)", mfu, suffix="%"),
              select("transformer", "gpu", "GPU", gpu_options(table, row.gpu.id, lambda r: bool(r.dtypes()))),
              select("transformer", "dtype", "Data type", dtype_options(row, dtype))]
    outputs = [output("forward_flops", "Forward FLOPs", run.forward_flops, sig3(run.forward_flops)),
               output("training_flops", "Training FLOPs", run.training_flops, sig3(run.training_flops)),
               output("time", "Time", run.time, duration(run.time)),
               output("mfu_percent", "MFU, read as", mfu, f"{fmt(mfu)}%")]
    return "\n".join([intro, worked_table(caption, ["", "Arithmetic", "Value"], rows),
                      form("transformer", fields, outputs)])


BODIES: dict[str, Body] = {"roofline": roofline_body, "kv_cache": kv_cache_body, "transformer": transformer_body}
