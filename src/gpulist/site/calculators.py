"""The three calculators (roofline, KV cache, transformer arithmetic) on their concept pages.

data/gpus.yml says which concept page shows each calculator, which entries teach its formula
(named on the page, linked to their cards) and which GPU and model its worked example uses.
Contract with docs/assets/javascripts/calculators.js (stable hooks):

- `[data-gpulist-calc="roofline|kv-cache|transformer"]` wraps one calculator: a worked example
  table, computed here at build time from gpus.yml (all a reader without JavaScript sees),
  and a `<form>` the script binds. The form opens on the example's inputs with its results
  already in the outputs, and the stylesheet hides it while the page's `<html>` still has
  the theme's `no-js` class (removed by the theme's script): shown from the first paint when
  JavaScript runs, so binding it relays out nothing, and never shown dead without it.
- The form's inputs are named `<input>`s and `<select>`s: roofline `gpu`, `dtype`, `flops`,
  `bytes`, and `ceiling` (present once any GPU has a measured ceiling); kv-cache `preset` (a
  model's name, from `datalist#calc-kv-cache-presets`: gpulist.site.calc_kv), `layers`,
  `kv_heads`, `head_dim`, `cache_vectors` (2: a key and a value; 1: MLA's latent vector),
  `bytes_per_element` (the cache's), `weight_bytes_per_element`, `tokens`, `batch`, `params`
  (70B, 1.5T or 405e9), `gpu`, `gpus` (tensor parallel), `reserve` (GiB per GPU); transformer
  `params`, `tokens` (both sizes as kv-cache's `params`), `gpus`, `mfu` (0.4 or 40 or 40%: up
  to 1 without a % sign is a fraction), `gpu`, `dtype`. Each field has its message box,
  `[data-gpulist-field-message][data-name=<input>]`, named by the input's aria-describedby.
  Each GPU `<option>` carries its numbers: `data-memory` (GB as the vendor states it) and, for
  the KV cache, `data-memory-seen` (bytes a program can use) and `data-memory-how`,
  `data-bandwidth` (GB/s) and
  `data-peaks` (JSON, dense TFLOPS by data type), so no data file is fetched; where the labs
  measured its ceilings, also `data-measured-bandwidth` and `data-measured-peaks`, which the
  roofline uses when its `ceiling` select says `measured`. Below the roofline's form,
  `svg[data-gpulist-roofline]` draws the roofline lab's points against the roofs
  (gpulist.site.roofline_chart; roofline-plot.js adds the reader's kernel).
- Results go in named `<output>`s (roofline `intensity`, `ridge`, `attainable`, `bound`;
  kv-cache `per_token`, `total`, `need`, `memory`, `fit`, `verdict` (`fits`, `tight` or
  `does not fit`), `headroom` (a fraction), `gpus_needed`; transformer `forward_flops`,
  `training_flops`, `time`, `mfu_percent` (how the MFU was read)), each with the plain number in `data-value` (FLOP/byte, TFLOPS, bytes, FLOPs,
  seconds, a count; `bound` holds `memory` or `compute`) beside the text a reader sees.
  A rejected input gets `aria-invalid="true"`, the outputs are emptied (never NaN or
  Infinity), and `[data-gpulist-calc-message]` says what to write instead.
"""

from __future__ import annotations

from gpulist.site.calculator_kinds import BODIES
from gpulist.view.catalog import SiteView
from gpulist.view.config import SiteConfig

HOOKS = {"roofline": "roofline", "kv_cache": "kv-cache", "transformer": "transformer"}
TITLES = {"roofline": "Roofline calculator", "kv_cache": "KV cache calculator",
          "transformer": "Transformer arithmetic calculator"}
# What each calculator answers, as the search shows it (its snippet) and the phrases that find it
# (gpulist.site.search_figures): a practitioner asks the question, not the calculator's name.
ANSWERS = {
    "kv_cache": ("How much memory a model's KV cache takes for a context and batch, and whether the weights and the "
                 "cache fit on a GPU or how many GPUs they need.",
                 ("calculator", "calculators", "KV cache size", "KV cache memory", "how much KV cache", "does it fit",
                  "model fit", "fit on a GPU", "how many GPUs", "model memory", "KV cache calculator")),
    "roofline": ("Whether a kernel is memory-bound or compute-bound on a GPU: its arithmetic intensity against the "
                 "ridge point, and the rate it can attain.",
                 ("calculator", "calculators", "memory bound or compute bound", "ridge point", "attainable TFLOPS",
                  "attainable FLOPS", "roofline calculator")),
    "transformer": ("The FLOPs of a model's forward pass and of training it on a number of tokens, and how long "
                    "training takes on a number of GPUs at a given model FLOPs utilization.",
                    ("calculator", "calculators", "training FLOPs", "training time", "how long training", "training a model",
                     "forward FLOPs", "training compute", "transformer arithmetic calculator")),
}


def calculator_section(name: str, view: SiteView, page: str, config: SiteConfig) -> str:
    """The calculator `name` (roofline, kv_cache, transformer) for the concept page `page`."""
    table = view.gpus
    place = getattr(table.calculators, name) if table and table.calculators else None
    row = table.row(place.gpu) if table and place else None
    if table is None or place is None or row is None:
        return ""
    body = BODIES[name](table, row, place, view, page, config.link_style)
    if not body:
        return ""
    return (f"## {TITLES[name]} {{ #calculator data-search-exclude }}\n\n"
            f'<div class="gpulist-calc" data-gpulist-calc="{HOOKS[name]}">\n{body}\n</div>\n')


def placed_here(view: SiteView, concept_id: str) -> list[str]:
    """The calculators data/gpus.yml places on this concept's page, in a fixed order."""
    calculators = view.gpus.calculators if view.gpus else None
    if calculators is None:
        return []
    return [name for name in HOOKS if getattr(calculators, name).concept == concept_id]
