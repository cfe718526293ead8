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
          "kv-cache": ["preset", "layers", "kv_heads", "head_dim", "cache_vectors", "bytes_per_element",
                       "weight_bytes_per_element", "tokens", "batch", "params", "gpu", "gpus", "reserve"],
          "transformer": ["params", "tokens", "gpus", "mfu", "gpu", "dtype"]}
OUTPUTS = {"roofline": ["intensity", "ridge", "attainable", "bound"],
           "kv-cache": ["per_token", "total", "need", "memory", "fit", "verdict", "headroom", "gpus_needed"],
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
        # each field's own message box, named by the field (what calculators.js writes into)
        assert all(f'aria-describedby="calc-{hook}-{n}-message"' in text and
                   f'id="calc-{hook}-{n}-message" data-gpulist-field-message data-name="{n}" hidden' in text
                   for n in INPUTS[hook])


def test_worked_examples_hold_the_hand_computed_values(view: SiteView) -> None:
    roofline = outputs(section(view, "roofline"))
    assert float(f"{float(roofline['ridge']):.3g}") == 295.0 and roofline["bound"] == "compute"
    kv = outputs(section(view, "kv-cache"))
    # The fixture's H100 runs saw 79.1 GiB; 2 GiB reserve, 16e9 bytes of weights: 15 sequences of 32k.
    assert float(kv["per_token"]) == 131072 and kv["gpus_needed"] == "1" and kv["verdict"] == "fits"
    assert kv["fit"] == str(int((79.1 * 2**30 - 2 * 2**30 - 16e9) // (131072 * 32768))) == "15"
    assert float(kv["memory"]) == 79.1 * 2**30
    transformer = outputs(section(view, "transformer"))
    assert float(transformer["training_flops"]) == 6 * 8e9 * 1e12


def test_the_worked_example_is_what_a_reader_without_javascript_reads(view: SiteView) -> None:
    text = section(view, "kv-cache")
    worked = text.split('<div class="gpulist-calc-worked">')[1].split("</table>")[0]
    assert "Worked example: Llama-3.1-8B in BF16, 1 × 32,768 tokens, on 1 × " in worked and "</a>: fits" in worked
    assert "2 × 32 × 8 × 128 × 2" in worked and "131,072 bytes" in worked and "4.29 GB" in worked
    assert "the vendor states 80 GB; 79.1 GiB as PyTorch reports it (the labs' runs)" in worked
    assert "84.9 GB − 2.1 GB reserve (2 GiB)" in worked  # 79.1 GiB = 84.9e9 bytes
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
    kv = section(view, "kv-cache")
    assert 'value="small-card"' in kv  # memory is all the KV cache needs
    # measured: what PyTorch saw; not measured: the vendor's GB as 10^9 bytes, and the page says so
    assert re.search(r'<option value="h100-sxm" data-memory="80.0" data-memory-seen="84932978278.4"', kv)
    small = re.search(r'<option value="small-card" data-memory="24.0" data-memory-seen="24000000000.0" '
                      r'data-memory-how="([^"]*)"', kv)
    assert small and html.unescape(small.group(1)) == "(not measured: GB read as 10<sup>9</sup> bytes)"


def test_presets_carry_their_shapes_latent_attention_as_one_vector(view: SiteView) -> None:
    kv = section(view, "kv-cache")
    presets = dict(re.findall(r'<option value="([^"]+)" data-shape="([^"]*)">', kv))
    assert list(presets) == ["Llama-3.1-8B", "Llama-3-70B", "DeepSeek-V3"]
    assert json.loads(html.unescape(presets["Llama-3-70B"])) == {
        "layers": 80, "kv_heads": 8, "head_dim": 128, "cache_vectors": 2, "params": 70553706496}
    assert json.loads(html.unescape(presets["DeepSeek-V3"])) == {
        "layers": 61, "kv_heads": 1, "head_dim": 576, "cache_vectors": 1, "params": 671e9}
    assert "DeepSeek-V3, 37B of 671B per token</option>" in kv
    sources = kv.split('Preset shapes as published: ')[1].split("</p>")[0]  # each preset linked to its source
    assert re.findall(r'<a href="[^"]+">([^<]+)</a>', sources) == list(presets)


def test_calculators_sit_on_the_concept_pages_gpus_yml_names(view: SiteView) -> None:
    assert placed_here(view, "cuda") == ["roofline"] and placed_here(view, "fp8") == []
    page = render_concept(view.concept_by_id["kv-cache"], view, CONFIG)
    assert page.count("data-gpulist-calc=") == 1 and "## KV cache calculator { #calculator data-search-exclude }" in page


def test_display_keeps_three_significant_figures() -> None:
    assert [sig3(x) for x in (295.2238, 1365.33, 0.9995, 4.8e22, 131072)] == [
        "295", "1,370", "1", "4.80 × 10<sup>22</sup>", "131,000"]
    assert (size(131072), size(34359738368), duration(118491.0)) == ("131 kB", "34.4 GB", "1.37 days")
    assert [plain(v) for v in (32768, 8e9, 137438953472.0, 0.5)] == ["32768", "8e9", "137438953472", "0.5"]
