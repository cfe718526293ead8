"""The calculators' formulas, against values worked out by hand from data/gpus.yml.

These are the cases the issues hold: the H100 SXM's BF16 ridge point, Llama-3.1-8B's KV cache
per token in BF16, Llama-3-70B with one 32k sequence on an H200 (which does not fit: it was
once said to), and 6N training FLOPs; each is computed here from the numbers as written in
data/gpus.yml and the labs' records, then compared by hand.
"""

from __future__ import annotations

import math

import pytest

from gpulist.view import arithmetic as calc
from gpulist.view.gpus import build_gpus
from gpulist.view.catalog import build_view
from gpulist.view.labs import framework_memory_gib
from tests.conftest import DATA
from gpulist.checks import validate


def three(x: float) -> float:
    return float(f"{x:.3g}")


@pytest.fixture(scope="module")
def real():
    catalog, _ = validate(DATA)
    table = build_gpus(catalog)
    assert table is not None
    return table


def test_h100_sxm_bf16_ridge_point_is_295_flop_per_byte(real) -> None:
    h100 = real.row("h100-sxm")
    assert (h100.peak("bf16"), h100.value("memory_bandwidth_gbs")) == (989.0, 3350.0)  # as gpus.yml has them
    result = calc.roofline(989.0, 3350.0, flops=1.0, nbytes=1.0)
    assert three(result.ridge) == 295.0  # 989e12 / 3350e9 = 295.22...


def test_llama_3_1_8b_kv_cache_is_131072_bytes_per_token_in_bf16(real) -> None:
    model = real.models["llama-3-1-8b"]
    assert (model.layers, model.kv_heads, model.head_dim) == (32, 8, 128)  # 4096 / 32 heads = 128
    kv = calc.kv_cache(model.layers, model.kv_heads, model.head_dim, 2, tokens=32768, batch=8,
                       params=model.params, memory_bytes=80e9)
    assert kv.per_token == 2 * 32 * 8 * 128 * 2 == 131072
    assert kv.total == 131072 * 32768 * 8
    # An unmeasured 80 GB card counts as 80e9 bytes: (80e9 - 16e9 of weights) / (131072 * 32768) = 14.9: 14.
    assert kv.fit == int((80e9 - 16e9) // (131072 * 32768)) == 14
    assert kv.gpus_needed == 1 and kv.verdict == "fits"  # 16e9 + 34.4e9 bytes in 80e9: 37% to spare


def test_llama_3_70b_with_one_32k_sequence_does_not_fit_one_h200(real) -> None:
    """The issue's case. NVIDIA states 141 GB; PyTorch saw 139.8 GiB (150.1e9 bytes) in the labs'
    runs. Weights and cache need 70e9 x 2 + 327,680 x 32,768 = 150.7e9 bytes before any reserve:
    141 GiB (151.4e9) would hold them, what the program sees does not."""
    h200 = real.row("h200")
    assert h200.value("memory_gb") == 141.0
    seen = framework_memory_gib(build_view(validate(DATA)[0]).labs, "h200")
    assert seen == 139.8
    typed = calc.kv_cache(80, 8, 128, 2, tokens=32768, batch=1, params=70e9, memory_bytes=seen * calc.GIB)
    assert typed.per_token == 327680 and typed.need == 140e9 + 10737418240  # 150.7e9 bytes
    assert round(typed.need / 1e9, 1) == 150.7 and typed.verdict == "does not fit" and typed.gpus_needed == 2
    assert typed.fit == 0 and typed.headroom < 0
    as_gib = calc.kv_cache(80, 8, 128, 2, tokens=32768, batch=1, params=70e9, memory_bytes=141 * calc.GIB)
    assert as_gib.fit == 1  # the old reading: 141 GiB = 151.4e9 bytes, which said "fits on 1 x H200"
    model = real.models["llama-3-70b"]  # the preset: 70,553,706,496 parameters, 151.8e9 bytes with the cache
    preset = calc.kv_cache(model.layers, model.kv_heads, model.head_dim, 2, 32768, 1, model.params,
                           seen * calc.GIB, reserve_bytes=2 * calc.GIB)
    assert round(preset.need / 1e9, 1) == 151.8 and preset.verdict == "does not fit"
    two = calc.kv_cache(model.layers, model.kv_heads, model.head_dim, 2, 32768, 1, model.params,
                        seen * calc.GIB, gpus=2, reserve_bytes=2 * calc.GIB)
    assert two.verdict == "fits" and three(two.headroom) == three(1 - (preset.need + 4 * calc.GIB) / (2 * seen * calc.GIB))


def test_under_ten_percent_headroom_is_tight() -> None:
    """100 GB of memory, 2 GB reserve: 90 GB of weights and cache leave 8%, a warning; 85 GB leave 13%."""
    tight = calc.kv_cache(1, 1, 1, 1, tokens=1, batch=1, params=90e9 - 2, memory_bytes=100e9, weight_bytes_per_element=1,
                          reserve_bytes=2e9)
    assert tight.need == 90e9 and math.isclose(tight.headroom, 0.08) and tight.verdict == "tight"
    roomy = calc.kv_cache(1, 1, 1, 1, 1, 1, params=85e9 - 2, memory_bytes=100e9, weight_bytes_per_element=1,
                          reserve_bytes=2e9)
    assert math.isclose(roomy.headroom, 0.13) and roomy.verdict == "fits"
    assert calc.HEADROOM_WARNING == 0.10


def test_latent_attention_caches_one_vector_per_layer(real) -> None:
    """DeepSeek-V3 caches 512 + 64 elements per token and layer: 61 x 576 x 2 = 70,272 bytes in BF16,
    where 2 x 61 x 128 x 56 x 2 would be 1.75 MB; its 671B parameters are all held."""
    model = real.models["deepseek-v3"]
    assert (model.kv_latent, model.layers, model.params, model.active_params) == (576, 61, 671e9, 37e9)
    kv = calc.kv_cache(model.layers, 1, model.kv_latent, 2, 32768, 1, model.params, 150e9, vectors=1)
    assert kv.per_token == 61 * 576 * 2 == 70272 and kv.weights == 671e9 * 2


def test_tensor_parallel_gpus_and_separate_weight_and_cache_types() -> None:
    """A 70B model does not fit one 80 GB card; the calculator says how many do, and BF16 weights
    (2 bytes) beside an FP8 cache (1 byte) count each at its own size."""
    one = calc.kv_cache(80, 8, 128, 2, 4096, 8, params=70e9, memory_bytes=80e9)
    assert one.fit == 0 and one.gpus_needed == 2  # 140e9 + 10.7e9 bytes over 80e9 per card
    two = calc.kv_cache(80, 8, 128, 2, 4096, 8, params=70e9, memory_bytes=80e9, gpus=2)
    assert two.fit == int((2 * 80e9 - 140e9) // (2 * 80 * 8 * 128 * 2 * 4096))
    mixed = calc.kv_cache(80, 8, 128, 1, 4096, 8, params=70e9, memory_bytes=80e9, weight_bytes_per_element=2, gpus=2)
    assert mixed.per_token == 2 * 80 * 8 * 128 * 1 and mixed.fit == int((2 * 80e9 - 140e9) // (163840 * 4096))
    reserved = calc.kv_cache(80, 8, 128, 2, 4096, 8, params=70e9, memory_bytes=80e9, gpus=2, reserve_bytes=2 * calc.GIB)
    assert reserved.fit == int((2 * (80e9 - 2 * calc.GIB) - 140e9) // (2 * 80 * 8 * 128 * 2 * 4096))


def test_training_flops_are_6n_per_token_and_the_time_follows(real) -> None:
    run = calc.training(params=8e9, tokens=1e12, gpus=1024, mfu_percent=40, peak_tflops=989.0)
    assert run.forward_flops == 2 * 8e9 * 1e12 == 1.6e22
    assert run.training_flops == 6 * 8e9 * 1e12 == 4.8e22
    assert three(run.time) == three(4.8e22 / (1024 * 989e12 * 0.4)) == 118000.0


def test_attainable_rate_is_the_lower_roof() -> None:
    low = calc.roofline(989.0, 3350.0, *calc.gemv_counts())
    high = calc.roofline(989.0, 3350.0, *calc.gemm_counts())
    assert low.bound == "memory" and math.isclose(low.attainable, 3350e9 * low.intensity / 1e12)
    assert high.bound == "compute" and high.attainable == 989.0
    assert three(high.intensity) == 1370.0  # 2 * 4096^3 / (3 * 4096^2 * 2) = 4096 / 3


def test_no_sequence_fits_when_the_weights_alone_do_not() -> None:
    kv = calc.kv_cache(80, 8, 128, 2, 4096, 1, params=70e9, memory_bytes=80e9)
    assert kv.fit == 0 and kv.verdict == "does not fit"


def test_a_reserve_as_large_as_the_memory_leaves_no_gpu_that_can_hold_anything() -> None:
    kv = calc.kv_cache(32, 8, 128, 2, 4096, 1, params=8e9, memory_bytes=80e9, reserve_bytes=80e9)
    assert kv.gpus_needed == 0 and kv.fit == 0 and kv.verdict == "does not fit"
