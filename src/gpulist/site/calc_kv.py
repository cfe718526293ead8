"""The KV cache calculator: what a model's weights and caches need, and whether they fit in the
memory a program can use, told in the vendor's units and in the framework's.

The worked example is the case that once came out wrong: a 70B model in BF16 with one 32k
sequence on a GPU whose vendor says 141 GB. Read as 141 GiB it seemed to fit; PyTorch sees
139.8 GiB (the labs' runs), and a reserve for the CUDA context and activations comes off
that. The fit, the headroom (warned under gpulist.view.arithmetic.HEADROOM_WARNING) and the
GPUs needed are computed here at build time and, with the same formulas, by calculators.js.
"""

from __future__ import annotations

import json

from gpulist.models.gpu import ModelShape, Placement
from gpulist.site.calc_html import field, form, gpu_link, number_input, output, select, size, teaching, worked_table
from gpulist.site.gpus_page import fmt
from gpulist.view import arithmetic as calc
from gpulist.view.catalog import SiteView
from gpulist.view.gpus import GpuRow, GpuTable
from gpulist.view.labs import framework_memory_gib
from gpulist.view.text import escape_attr, html_text

CONTEXT_NOTE = "https://discuss.pytorch.org/t/high-gpu-memory-overhead/81330"


def gb(nbytes: float) -> str:
    """Bytes as GB to one decimal, as memory is compared (150.1 GB against 151.8 GB); calc-read.js's gb."""
    return f"{nbytes / 1e9:,.1f} GB"


def memory_seen(view: SiteView, row: GpuRow) -> tuple[float, str, str]:
    """(bytes a program can use on one GPU, how that is known in a few words, and at length): what
    PyTorch reported in the labs' runs, or else the vendor's GB read as 10^9 bytes, the smaller
    of its two readings."""
    gib = framework_memory_gib(view.labs, row.gpu.id)
    if gib is not None:
        return gib * calc.GIB, f"= {fmt(gib)} GiB in PyTorch", f"{fmt(gib)} GiB as PyTorch reports it (the labs' runs)"
    vendor = row.value("memory_gb")
    assert isinstance(vendor, float)
    return (vendor * calc.GIGA, "(not measured: GB read as 10<sup>9</sup> bytes)",
            f"not measured here: {fmt(vendor)} GB read as {fmt(vendor)} × 10<sup>9</sup> bytes")


def cache_shape(model: ModelShape) -> tuple[int, int, int]:
    """(vectors, KV heads, head dimension) as the form takes them: a key and a value per KV head,
    or for latent attention one vector of its cached width."""
    if model.kv_latent is not None:
        return 1, 1, model.kv_latent
    return 2, model.kv_heads, model.head_dim


def preset_options(models: dict[str, ModelShape]) -> str:
    """The presets as `<datalist>` options carrying their shapes (calculators.js fills the form)."""
    options = []
    for model in models.values():
        vectors, kv_heads, head_dim = cache_shape(model)
        shape = {"layers": model.layers, "kv_heads": kv_heads, "head_dim": head_dim, "cache_vectors": vectors,
                 "params": model.params}
        moe = f", {fmt(model.active_params / 1e9)}B of {fmt(model.params / 1e9)}B per token" if model.active_params else ""
        options.append(f'<option value="{escape_attr(model.name)}" data-shape="{escape_attr(json.dumps(shape))}">'
                       f"{html_text(model.name)}{moe}</option>")
    return "".join(options)


def preset_sources(table: GpuTable) -> str:
    """Where each preset's shape was read, linked: the presets are numbers like any other."""
    links = []
    for model in table.models.values():
        source = table.sources.get(model.source)
        url = source.url or (source.via.url if source.via else None) if source else None
        if url is not None:
            links.append(f'<a href="{escape_attr(url)}">{html_text(model.name)}</a>')
    return f'<p class="gpulist-calc-plot-note">Preset shapes as published: {", ".join(links)}.</p>' if links else ""


def kv_gpu_options(table: GpuTable, chosen: str, view: SiteView) -> str:
    """GPUs with a stated memory: `data-memory` (GB as the vendor states it), `data-memory-seen`
    (bytes a program can use) and `data-memory-how` (where that figure comes from)."""
    options = []
    for row in table.rows:
        if not isinstance(row.value("memory_gb"), float):
            continue
        seen, how, _ = memory_seen(view, row)
        selected = " selected" if row.gpu.id == chosen else ""
        options.append(f'<option value="{row.gpu.id}" data-memory="{row.value("memory_gb")}" data-memory-seen="{seen}"'
                       f' data-memory-how="{escape_attr(how)}"{selected}>{html_text(row.gpu.name)}</option>')
    return "".join(options)


def _intro(place: Placement, view: SiteView, page: str, style: str) -> str:
    return (f"<p>Each layer keeps a key and a value vector for every KV head at every position, so a token costs "
            f"2 × layers × KV heads × head dimension × bytes per element, as {teaching(place, view, page, style)} "
            f"count it; latent attention (DeepSeek-V3) keeps one vector per layer instead. The weights take "
            f"parameters × their own bytes per element, all of a mixture of experts' parameters, not just those a "
            f"token uses. A GPU's memory is stated twice: as its vendor gives it, and as the framework sees it, "
            f"which is what weights and caches must fit in, after a reserve per GPU for the CUDA context (several "
            f'hundred MB on its own, <a href="{CONTEXT_NOTE}">as a PyTorch forum answer measures it</a>) and the '
            f"activations. The example keeps {calc.KV_EXAMPLE['reserve_gib']} GiB; under "
            f"{calc.HEADROOM_WARNING:.0%} to spare the calculator warns.</p>")


def verdict_text(kv: calc.KvCache, gpus: int, name: str) -> str:
    on = f"{fmt(gpus)} × {html_text(name)}"
    if kv.verdict == "does not fit":
        return f"Does not fit on {on}: {gb(kv.need - kv.usable)} short"
    spare = f"{kv.headroom * 100:.1f}% of the memory to spare"
    if kv.verdict == "tight":
        return f"Fits on {on}, with only {spare}: under {calc.HEADROOM_WARNING:.0%}, too tight to rely on"
    return f"Fits on {on}, with {spare}"


def _worked_rows(model: ModelShape, kv: calc.KvCache, row: GpuRow, seen: tuple[float, str, str]) -> list[list[str]]:
    ex = calc.KV_EXAMPLE
    vectors, kv_heads, head_dim = cache_shape(model)
    reserve = ex["reserve_gib"] * calc.GIB
    per_gpu = f"{gb(seen[0])} − {gb(reserve)} reserve ({fmt(ex['reserve_gib'])} GiB)"
    return [["Per token", f"{vectors} × {model.layers} × {kv_heads} × {head_dim} × 2", f"{fmt(kv.per_token)} bytes"],
            [f"Cache, {fmt(ex['tokens'])} tokens × {ex['batch']}", "per token × tokens × sequences", size(kv.total)],
            ["Weights", f"{fmt(model.params)} × 2 bytes", gb(kv.weights)],
            ["Weights + cache", "what must fit", gb(kv.need)],
            [f"Memory of one {html_text(row.gpu.name)}", f"the vendor states {fmt(row.value('memory_gb'))} GB; {seen[2]}",
             gb(seen[0])],
            ["Usable, after the reserve", per_gpu, gb(kv.usable)],
            ["Left", "usable − (weights + cache)", gb(kv.usable - kv.need).replace("-", "−")],
            [f"Sequences of {fmt(ex['tokens'])} tokens that fit", "(usable − weights) ÷ (per token × tokens)", str(kv.fit)],
            ["GPUs for the weights and the cache", "(weights + cache) ÷ usable per GPU", str(kv.gpus_needed)]]


def _fields(table: GpuTable, row: GpuRow, model: ModelShape, view: SiteView) -> list[str]:
    ex = calc.KV_EXAMPLE
    vectors, kv_heads, head_dim = cache_shape(model)
    presets = (f' type="text" list="calc-kv-cache-presets" autocomplete="off" value="{escape_attr(model.name)}"')
    fields = [field("kv-cache", "preset", "Model preset (empty: your own shape)", "input", presets)
              + f'<datalist id="calc-kv-cache-presets">{preset_options(table.models)}</datalist>']
    fields += [number_input("kv-cache", n, label, v) for n, label, v in (
        ("layers", "Layers", model.layers), ("kv_heads", "KV heads", kv_heads), ("head_dim", "Head dimension", head_dim))]
    fields.append(select("kv-cache", "cache_vectors", "Cached per KV head", "".join(
        f'<option value="{v}"{" selected" if v == vectors else ""}>{t}</option>'
        for v, t in ((2, "key + value"), (1, "one latent (MLA)")))))
    fields += [number_input("kv-cache", n, label, v) for n, label, v in (
        ("bytes_per_element", "KV cache bytes per element", 2), ("weight_bytes_per_element", "Weight bytes per element", 2),
        ("tokens", "Tokens per sequence", ex["tokens"]), ("batch", "Sequences (batch)", ex["batch"]),
        ("params", "Parameters (70B, 1.5T, 405e9)", model.params))]
    fields.append(select("kv-cache", "gpu", "GPU", kv_gpu_options(table, row.gpu.id, view)))
    fields.append(number_input("kv-cache", "gpus", "GPUs (tensor parallel)", ex["gpus"]))
    fields.append(number_input("kv-cache", "reserve", "Reserve per GPU, GiB (CUDA context, activations)",
                               ex["reserve_gib"]))
    return fields


def _outputs(kv: calc.KvCache, row: GpuRow, seen: tuple[float, str, str]) -> list[str]:
    gpus = int(calc.KV_EXAMPLE["gpus"])
    return [output("per_token", "Per token", kv.per_token, f"{fmt(kv.per_token)} bytes ({size(kv.per_token)})"),
            output("total", "All sequences", kv.total, size(kv.total)),
            output("need", "Weights + cache", kv.need, gb(kv.need)),
            output("memory", "Memory per GPU", seen[0],
                   f"{fmt(row.value('memory_gb'))} GB as the vendor states it; {gb(seen[0])} {seen[1]}"),
            output("fit", "Sequences that fit beside the weights", kv.fit, str(kv.fit)),
            output("verdict", "Does it fit?", kv.verdict, verdict_text(kv, gpus, row.gpu.name)),
            output("headroom", "Headroom", kv.headroom, f"{kv.headroom * 100:.1f}%".replace("-", "−")),
            output("gpus_needed", "GPUs needed for weights and all sequences", kv.gpus_needed,
                   f"{kv.gpus_needed} × {html_text(row.gpu.name)}")]


def kv_cache_body(table: GpuTable, row: GpuRow, place: Placement, view: SiteView, page: str, style: str) -> str:
    model = table.models.get(place.model or "")
    if model is None or not isinstance(row.value("memory_gb"), float):
        return ""
    ex = calc.KV_EXAMPLE
    seen = memory_seen(view, row)
    vectors, kv_heads, head_dim = cache_shape(model)
    kv = calc.kv_cache(model.layers, kv_heads, head_dim, ex["bytes_per_element"], ex["tokens"], ex["batch"],
                       model.params, seen[0], weight_bytes_per_element=ex["weight_bytes_per_element"],
                       gpus=ex["gpus"], reserve_bytes=ex["reserve_gib"] * calc.GIB, vectors=vectors)
    verdict = verdict_text(kv, ex["gpus"], row.gpu.name).split(" on ", 1)[0].lower()
    caption = (f"Worked example: {html_text(model.name)} in BF16, {ex['batch']} × {fmt(ex['tokens'])} tokens, on "
               f"{ex['gpus']} × {gpu_link(row, page, style)}: {verdict}")
    return "\n".join([_intro(place, view, page, style),
                      worked_table(caption, ["", "Arithmetic", "Size"], _worked_rows(model, kv, row, seen)),
                      form("kv-cache", _fields(table, row, model, view), _outputs(kv, row, seen)),
                      preset_sources(table)])
