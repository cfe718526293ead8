"""The numbers the site's search shows: a GPU's key figures, a model's shape, and the calculators.

Why the search carries numbers: a practitioner asks "H200 memory bandwidth" or "does 70B fit on
an H200" and wants the figure or the tool that answers, not ten definitions that mention the
words. So a GPU's record carries its key figures, each with the words that ask for it; a query
naming the GPU and one of those words puts the GPU's row first and marks the figure
(docs/assets/javascripts/search/intent.js). Every number comes from the view (data/gpus.yml
through gpulist.view.gpus, the labs' records through gpulist.view.labs): none is written here.

The index names each kind of figure once, `[key, label, words]` (`figure_kinds`): `words` the
phrases that ask for it, " · "-joined (a phrase's words must all be in the query; the figure
with the longest such phrase is the one asked for). A record's figure is `[key, shown, value]`:
`shown` as the result writes it, `value` the plain number (a model's size is matched on it).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from gpulist.site.calculators import ANSWERS, HOOKS, TITLES
from gpulist.site.gpus_page import fmt
from gpulist.view.catalog import SiteView
from gpulist.view.concepts import concept_page
from gpulist.view.gpus import GpuRow
from gpulist.view.labs import ceilings_of
from gpulist.view.links import built_url

SEP = " · "
Figure = list[object]


@dataclass(frozen=True, slots=True)
class Quantity:
    key: str  # the figure's key in the index, and data-gpulist-search-figure on the page
    label: str
    metric: str  # the GpuRow cell, or the measured ceiling's metric
    unit: str
    measured: bool
    words: tuple[str, ...]  # the phrases that ask for it


QUANTITIES: tuple[Quantity, ...] = (
    Quantity("memory", "Memory", "memory_gb", "GB", False,
             ("memory", "capacity", "vram", "hbm", "hbm capacity", "memory size", "how much memory", "gb", "gib")),
    Quantity("bandwidth", "Bandwidth", "memory_bandwidth_gbs", "GB/s", False,
             ("bandwidth", "memory bandwidth", "hbm bandwidth", "peak bandwidth", "gb/s", "tb/s")),
    Quantity("bf16", "Dense BF16", "dense.bf16", "TFLOPS", False,
             ("bf16", "bfloat16", "tflops", "flops", "peak bf16", "dense bf16", "bf16 tflops", "peak tflops")),
    Quantity("fp8", "Dense FP8", "dense.fp8", "TFLOPS", False, ("fp8", "dense fp8", "peak fp8", "fp8 tflops")),
    Quantity("copy", "Measured bandwidth", "memory_bandwidth_gbs", "GB/s", True,
             ("measured bandwidth", "measured copy", "copy bandwidth", "achieved bandwidth", "bandwidth in practice",
              "real bandwidth", "measured memory bandwidth")),
    Quantity("measured_bf16", "Measured BF16", "dense.bf16", "TFLOPS", True,
             ("measured bf16", "measured tflops", "achieved tflops", "bf16 in practice", "measured matmul")),
)
# A model shape's figures: found by its name and size, not asked for by these words alone.
MODEL_FIGURES = (("params", "Parameters", ("parameters", "params")), ("layers", "Layers", ("layers",)),
                 ("kv_heads", "KV heads", ("kv heads",)))


def figure_kinds() -> list[list[str]]:
    """Every kind of figure a record may carry: its key, its label and the phrases that ask for it."""
    return [[q.key, q.label, SEP.join(q.words)] for q in QUANTITIES] + [[k, label, SEP.join(w)] for k, label, w in MODEL_FIGURES]


def gpu_figures(row: GpuRow, view: SiteView) -> list[Figure]:
    """The GPU's key figures that the data holds, in QUANTITIES' order; a missing one is left out."""
    measured = ceilings_of(view.labs, row.gpu.id)
    out: list[Figure] = []
    for q in QUANTITIES:
        ceiling = measured.get(q.metric) if q.measured else None
        value = ceiling.value if ceiling else None if q.measured else row.value(q.metric)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out.append([q.key, f"{fmt(value)} {q.unit}", float(value)])
    return out


def calculator_url(view: SiteView, name: str) -> str | None:
    """Where calculator `name` is drawn (its concept page's #calculator), or None where it is not."""
    table = view.gpus
    place = getattr(table.calculators, name) if table and table.calculators else None
    if table is None or place is None or table.row(place.gpu) is None or place.concept not in view.concept_by_id:
        return None
    return f"{built_url(concept_page(place.concept))}#calculator"


def calculator_records(view: SiteView) -> Iterator[list[object]]:
    """One record per calculator drawn, the KV cache's first (it answers "does it fit"): found by
    its name, by "calculator", and by the questions it answers."""
    for name in sorted(HOOKS, key=lambda n: n != "kv_cache"):
        url = calculator_url(view, name)
        if url is None:
            continue
        text, asks = ANSWERS[name]
        concept = view.concept_by_id[url.split("/")[1]].concept.title
        yield ["calculator", TITLES[name], SEP.join(asks), "", text, url, SEP.join(("Calculator", concept)), []]


def model_records(view: SiteView) -> Iterator[list[object]]:
    """One record per model shape of data/gpus.yml, to the KV cache calculator that takes it."""
    url = calculator_url(view, "kv_cache")
    if url is None or view.gpus is None:
        return
    for m in view.gpus.models.values():
        figures: list[Figure] = [["params", f"{m.params / 1e9:g}B", m.params], ["layers", str(m.layers), float(m.layers)],
                                 ["kv_heads", f"{m.kv_heads} × {m.head_dim}", float(m.kv_heads)]]
        text = f"The shape the KV cache and transformer calculators open with: model dimension {m.hidden}, {m.heads} heads."
        yield ["model", m.name, "", "", text, url, SEP.join(("Model shape", TITLES["kv_cache"])), figures]
