"""The calculators as built: hooks, named inputs and outputs, and worked examples from gpus.yml.

The browser tests (tests/browser/test_calculators.py) drive them; these hold what a reader
without JavaScript gets, and the contract the script relies on.
"""

from __future__ import annotations

import html
import json
import re

from gpulist.site.calc_html import duration, plain, sig3, size
from gpulist.site.calculators import calculator_section, placed_here
from gpulist.site.concept_page import render_concept
from gpulist.view.catalog import SiteView
from tests.site.conftest import CONFIG

# The roofline's `ceiling` (vendor or measured) is there because the fixture has measured ceilings.
INPUTS = {"roofline": ["gpu", "dtype", "ceiling", "flops", "bytes"],
          "kv-cache": ["layers", "kv_heads", "head_dim", "bytes_per_element", "weight_bytes_per_element", "tokens",
                       "batch", "params", "gpu", "gpus"],
          "transformer": ["params", "tokens", "gpus", "mfu", "gpu", "dtype"]}
OUTPUTS = {"roofline": ["intensity", "ridge", "attainable", "bound"],
           "kv-cache": ["per_token", "total", "fit", "gpus_needed"],
           "transformer": ["forward_flops", "training_flops", "time", "mfu_percent"]}
PLACES = {"roofline": ("roofline", "cuda"), "kv-cache": ("kv_cache", "kv-cache"),
          "transformer": ("transformer", "attention")}


def section(view: SiteView, hook: str) -> str:
    name, concept = PLACES[hook]
    return calculator_section(name, view, f"concepts/{concept}.md", CONFIG)


def outputs(text: str) -> dict[str, str]:
    return dict(re.findall(r'<output name="(\w+)" data-value="([^"]*)">', text))


def test_each_calculator_has_its_hook_inputs_and_outputs(view: SiteView) -> None:
    for hook in INPUTS:
        text = section(view, hook)
        assert f'data-gpulist-calc="{hook}"' in text
        assert re.findall(r'<(?:input|select) id="calc-[\w-]+" name="(\w+)"', text) == INPUTS[hook]
        assert list(outputs(text)) == OUTPUTS[hook]
        assert "<form class=\"gpulist-calc-form\">" in text and "data-gpulist-calc-message" in text
        assert all(f'<label for="calc-{hook}-{n}">' in text for n in INPUTS[hook])


def test_worked_examples_hold_the_hand_computed_values(view: SiteView) -> None:
    roofline = outputs(section(view, "roofline"))
    assert float(f"{float(roofline['ridge']):.3g}") == 295.0 and roofline["bound"] == "compute"
    kv = outputs(section(view, "kv-cache"))
    assert float(kv["per_token"]) == 131072 and kv["fit"] == "16" and kv["gpus_needed"] == "1"  # 80 GiB
    transformer = outputs(section(view, "transformer"))
    assert float(transformer["training_flops"]) == 6 * 8e9 * 1e12


def test_the_worked_example_is_what_a_reader_without_javascript_reads(view: SiteView) -> None:
    text = section(view, "kv-cache")
    worked = text.split('<div class="gpulist-calc-worked">')[1].split("</table>")[0]
    assert "Llama-3.1-8B (32 layers, 8 KV heads, head dimension 128) in BF16" in worked
    assert "2 × 32 × 8 × 128 × 2" in worked and "131,072 bytes (131 kB)" in worked and "34.4 GB" in worked
    assert '<a href="../../topics/attention/#vllm">' in text.split("</p>")[0]  # the entry that teaches it


def test_gpu_options_carry_the_numbers_the_script_needs(view: SiteView) -> None:
    text = section(view, "roofline")
    option = re.search(r'<option value="h100-sxm" data-peaks="([^"]*)" data-memory="80.0" data-bandwidth="3350.0" '
                       r'data-measured-bandwidth="2935.0" data-measured-peaks="([^"]*)" selected>', text)
    assert option and "&quot;bf16&quot;:989.0" in option.group(1) and "&quot;fp8&quot;:1979.0" in option.group(1)
    # what the fixture's memory-bandwidth and matmul-ceilings records measured on it
    assert json.loads(html.unescape(option.group(2))) == {"tf32": 360.0, "bf16": 740.0, "fp8": 1290.0}
    assert re.search(r'<option value="mi300x"[^>]*>', text) and "data-measured" not in re.search(
        r'<option value="mi300x"[^>]*>', text).group(0)  # nothing measured on it: the vendor's numbers only
    assert 'value="small-card"' not in text  # no bandwidth and no peak: nothing to draw a roofline with
    assert 'value="small-card"' in section(view, "kv-cache")  # memory is all the KV cache needs


def test_calculators_sit_on_the_concept_pages_gpus_yml_names(view: SiteView) -> None:
    assert placed_here(view, "cuda") == ["roofline"] and placed_here(view, "fp8") == []
    page = render_concept(view.concept_by_id["kv-cache"], view, CONFIG)
    assert page.count("data-gpulist-calc=") == 1 and "## KV cache calculator { #calculator data-search-exclude }" in page


def test_display_keeps_three_significant_figures() -> None:
    assert [sig3(x) for x in (295.2238, 1365.33, 0.9995, 4.8e22, 131072)] == [
        "295", "1,370", "1", "4.80 × 10<sup>22</sup>", "131,000"]
    assert (size(131072), size(34359738368), duration(118491.0)) == ("131 kB", "34.4 GB", "1.37 days")
    assert [plain(v) for v in (32768, 8e9, 137438953472.0, 0.5)] == ["32768", "8e9", "137438953472", "0.5"]
