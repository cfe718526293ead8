"""The calculators (docs/assets/javascripts/calculators.js) in Chromium, under both engines.

Each result is held to three significant figures against a value worked out by hand from the
numbers the fixture's gpus.yml gives (the H100 SXM's match data/gpus.yml: tests/site checks
that), and every bad input gets a visible message and empty outputs, never NaN or Infinity.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.browser.conftest import Site, Tab, mark_document, open_tab, same_document

PAGES = {"roofline": "concepts/cuda/", "kv-cache": "concepts/kv-cache/", "transformer": "concepts/attention/"}
H100_BF16, H100_GBS, MI300X_BF16, MI300X_GBS = 989.0, 3350.0, 1307.4, 5300.0
GIB = 2**30  # a GPU's "80 GB" is 80 GiB (gpulist.view.arithmetic.MEMORY_UNIT)


def calculator(page: Page, site: Site, hook: str) -> Locator:
    page.goto(site.url(PAGES[hook]))
    root = page.locator(f"[data-gpulist-calc='{hook}']")
    expect(root).to_have_attribute("data-ready", "true")
    return root


def value(root: Locator, name: str) -> str:
    return root.locator(f"output[name='{name}']").get_attribute("data-value") or ""


def close(actual: str, expected: float) -> bool:
    return float(f"{float(actual):.3g}") == float(f"{expected:.3g}")


def fill(root: Locator, **inputs: str) -> None:
    for name, text in inputs.items():
        root.locator(f"[name='{name}']").fill(text)


def test_roofline_ridge_point_and_bound(tab: Tab, site: Site) -> None:
    root = calculator(tab.page, site, "roofline")
    assert close(value(root, "ridge"), H100_BF16 * 1e12 / (H100_GBS * 1e9))  # 295 FLOP/byte
    assert value(root, "bound") == "compute" and close(value(root, "attainable"), H100_BF16)
    fill(root, flops="33554432", bytes="33570816")  # y = A x, 4096 x 4096 in 2-byte elements
    assert close(value(root, "intensity"), 33554432 / 33570816) and value(root, "bound") == "memory"
    assert close(value(root, "attainable"), H100_GBS * 1e9 * (33554432 / 33570816) / 1e12)  # 3.35 TFLOPS
    expect(root.locator("output[name='bound']")).to_have_text("memory-bound")
    root.locator("[name='gpu']").select_option("mi300x")
    types = root.locator("[name='dtype'] option").evaluate_all("os => os.map(o => o.value)")
    assert types == ["fp64", "fp32", "bf16", "fp8"]  # the MI300X's dense peaks, the BF16 choice kept
    assert root.locator("[name='dtype']").input_value() == "bf16"
    assert close(value(root, "ridge"), MI300X_BF16 * 1e12 / (MI300X_GBS * 1e9))  # 247 FLOP/byte
    root.locator("[name='dtype']").select_option("fp8")
    assert close(value(root, "ridge"), 2614.9e12 / (MI300X_GBS * 1e9))


def test_kv_cache_bytes_per_token_and_what_fits(tab: Tab, site: Site) -> None:
    root = calculator(tab.page, site, "kv-cache")
    assert float(value(root, "per_token")) == 2 * 32 * 8 * 128 * 2 == 131072  # Llama-3.1-8B, BF16
    assert float(value(root, "total")) == 131072 * 32768 * 8
    assert value(root, "fit") == str(int((80 * GIB - 8e9 * 2) // (131072 * 32768)))  # 16 beside the weights
    fill(root, bytes_per_element="1")
    assert float(value(root, "per_token")) == 65536
    fill(root, bytes_per_element="2", params="70e9")  # 140 GB of weights on an 80 GB GPU
    assert value(root, "fit") == "0"
    expect(root.locator("output[name='fit']")).to_contain_text("the weights alone exceed")
    fill(root, params="8e9")
    root.locator("[name='gpu']").select_option("small-card")  # 24 GB: 8 GB left for caches
    assert value(root, "fit") == str(int((24 * GIB - 16e9) // (131072 * 32768)))


def test_transformer_flops_are_2n_and_6n_per_token_and_the_time_follows(tab: Tab, site: Site) -> None:
    root = calculator(tab.page, site, "transformer")
    assert close(value(root, "forward_flops"), 2 * 8e9 * 1e12)
    assert close(value(root, "training_flops"), 6 * 8e9 * 1e12)  # 4.80e22
    assert close(value(root, "time"), 6 * 8e9 * 1e12 / (1024 * H100_BF16 * 1e12 * 0.40))  # 1.18e5 s
    fill(root, gpus="2048", mfu="50")
    assert close(value(root, "time"), 6 * 8e9 * 1e12 / (2048 * H100_BF16 * 1e12 * 0.50))
    root.locator("[name='dtype']").select_option("fp8")
    assert close(value(root, "time"), 6 * 8e9 * 1e12 / (2048 * 1979.0 * 1e12 * 0.50))


def _results_read_on_one_line(root: Locator, width: int) -> str:
    """"" when every result has room: under its label on a phone (the label beside it left the
    answer 90 px and six lines), beside it on a desktop; else what is cramped."""
    cramped = root.locator("dl.gpulist-calc-results dd").evaluate_all(
        """dds => dds.map(dd => [dd.getBoundingClientRect().width, dd.getBoundingClientRect().height,
                                parseFloat(getComputedStyle(dd).lineHeight), dd.textContent])
                 .filter(([w, h, line]) => w < 250 || h > 2.5 * line)""")
    return "" if not cramped else f"at {width} px: {cramped}"


@pytest.mark.parametrize("width", [412, 1280])
def test_kv_cache_on_several_gpus_with_its_own_type_and_mfu_either_way(browser: Browser, site: Site, width: int) -> None:
    """A 70B model on an 80 GB card answers 0 and says how many GPUs it needs; `gpus` (tensor
    parallel) then fits sequences; the cache's bytes per element are apart from the weights';
    MFU 0.4 and 40 and 40% are one MFU, and the page says how it read it; results have room."""
    tab = open_tab(browser, viewport={"width": width, "height": 900})
    root = calculator(tab.page, site, "kv-cache")
    fill(root, params="70e9", layers="80", tokens="4096")  # BF16: 140e9 bytes of weights
    assert value(root, "fit") == "0" and value(root, "gpus_needed") == "2"
    expect(root.locator("output[name='gpus_needed']")).to_have_text("2 × H100 SXM")
    fill(root, gpus="2")
    per_sequence = 2 * 80 * 8 * 128 * 2 * 4096
    assert value(root, "fit") == str(int((2 * 80 * GIB - 140e9) // per_sequence))
    fill(root, bytes_per_element="1")  # an FP8 cache beside BF16 weights
    assert float(value(root, "per_token")) == 2 * 80 * 8 * 128 * 1
    assert value(root, "fit") == str(int((2 * 80 * GIB - 140e9) // (per_sequence / 2)))
    cramped = [_results_read_on_one_line(root, width)]
    root = calculator(tab.page, site, "transformer")
    at_40 = value(root, "time")
    expect(root.locator("output[name='mfu_percent']")).to_have_text("40%")
    for written in ("0.4", "40", "40%"):
        fill(root, mfu=written)
        assert value(root, "time") == at_40 and value(root, "mfu_percent") == "40", written
    fill(root, mfu="0.5%")  # a % sign says percent, however small
    assert close(value(root, "time"), float(at_40) * 80)
    cramped.append(_results_read_on_one_line(root, width))
    assert [c for c in cramped if c] == [] and tab.errors == []
    tab.page.context.close()


BAD = [
    ("roofline", "flops", "", "enter a number"),
    ("roofline", "bytes", "lots", "is not a number"),
    ("roofline", "flops", "-1e9", "must be more than zero"),
    ("roofline", "bytes", "0", "must be more than zero"),
    ("roofline", "flops", "1e400", "larger than any real case"),
    ("roofline", "bytes", "1e31", "larger than any real case"),
    ("kv-cache", "layers", "32.5", "whole number"),
    ("kv-cache", "head_dim", "NaN", "is not a number"),
    ("kv-cache", "tokens", "Infinity", "is not a number"),
    ("kv-cache", "bytes_per_element", "1e3", "larger than any real case"),
    ("kv-cache", "batch", "0x10", "is not a number"),
    ("kv-cache", "gpus", "2.5", "whole number"),
    ("kv-cache", "weight_bytes_per_element", "0", "must be more than zero"),
    ("transformer", "mfu", "150", "larger than any real case"),
    ("transformer", "gpus", "-8", "must be more than zero"),
    ("transformer", "params", "8e9e9", "is not a number"),
    ("transformer", "tokens", "1e19", "larger than any real case"),
]


def _refused(root: Locator, name: str, text: str, says: str) -> str:
    """What is wrong with how the calculator takes `text` in `name` ("" if nothing), the good
    value put back after: a message and no number, then the numbers again."""
    case = f"{name}={text!r}"  # named in every failure, as the dict of the test's assertion names it
    good = root.locator(f"[name='{name}']").input_value()
    fill(root, **{name: text})
    message = root.locator("[data-gpulist-calc-message]")
    expect(message, case).to_be_visible()
    expect(message, case).to_contain_text(says)
    expect(root.locator(f"[name='{name}']"), case).to_have_attribute("aria-invalid", "true")
    outputs = [(out.get_attribute("data-value"), out.inner_text()) for out in root.locator("output").all()]
    shown = root.inner_text().replace(text, "")
    fill(root, **{name: good})
    expect(message, case).to_be_hidden()
    if any(o != ("", "—") for o in outputs) or "NaN" in shown or "Infinity" in shown:
        return f"shows a number: {outputs}"
    if not all(out.get_attribute("data-value") for out in root.locator("output").all()):
        return "no numbers once the good value is back"
    return ""


@pytest.mark.parametrize("hook", PAGES)
def test_bad_input_gets_a_message_and_no_number(tab: Tab, site: Site, hook: str) -> None:
    """Every bad input of BAD for this calculator, one after another on one page (a page load
    each cost the suite 15 s): each is refused, and the numbers come back with the good value."""
    root = calculator(tab.page, site, hook)
    wrong = {(name, text): _refused(root, name, text, says) for h, name, text, says in BAD if h == hook}
    assert wrong and {case: why for case, why in wrong.items() if why} == {}


def test_without_javascript_each_calculator_is_its_worked_example(browser: Browser, site: Site) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    expected = {"roofline": "295 FLOP/byte", "kv-cache": "131,072 bytes", "transformer": "4.80 × 1022"}
    for hook, text in expected.items():
        page.goto(site.url(PAGES[hook]))
        root = page.locator(f"[data-gpulist-calc='{hook}']")
        expect(root.locator("form")).to_be_hidden()
        expect(root.locator(".gpulist-calc-worked table")).to_be_visible()
        expect(root.locator(".gpulist-calc-worked")).to_contain_text(text)
    context.close()


def test_calculators_start_after_instant_navigation(tab: Tab, site: Site) -> None:
    page = tab.page
    page.goto(site.url("concepts/"))
    mark_document(page)
    page.locator(".gpulist-map a[data-gpulist-map-node='kv-cache']").click()
    root = page.locator("[data-gpulist-calc='kv-cache']")
    expect(root).to_have_attribute("data-ready", "true")
    assert same_document(page), "expected instant navigation, got a full load"
    fill(root, tokens="65536")
    assert float(value(root, "total")) == 131072 * 65536 * 8
