"""The calculators' formulas, against values worked out by hand from data/gpus.yml.

These are the cases the issue holds: the H100 SXM's BF16 ridge point, Llama-3.1-8B's KV cache
per token in BF16, and 6N training FLOPs; each is computed here from the numbers as written
in data/gpus.yml, then compared to three significant figures.
"""

from __future__ import annotations

import math

import pytest

from gpulist.view import arithmetic as calc
from gpulist.view.gpus import build_gpus
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
                       params=model.params, memory_gb=80.0)
    assert kv.per_token == 2 * 32 * 8 * 128 * 2 == 131072
    assert kv.total == 131072 * 32768 * 8
    # 80 GB of GPU memory is 80 GiB: (85.9e9 - 16e9 bytes of weights) / (131072 * 32768) = 16.3: 16.
    assert kv.fit == int((80 * 2**30 - 16e9) // (131072 * 32768)) == 16
    assert kv.gpus_needed == 1  # 16e9 + 34.4e9 bytes fit in one 80 GiB card


def test_gpu_memory_is_counted_as_the_vendor_means_it() -> None:
    """An H100's "80 GB" is 80 GiB (nvidia-smi: 81,559 MiB usable), not 80e9 bytes."""
    assert calc.MEMORY_UNIT == 2**30
    assert 80 * calc.MEMORY_UNIT > 81559 * 2**20 > 80e9


def test_tensor_parallel_gpus_and_separate_weight_and_cache_types() -> None:
    """A 70B model does not fit one 80 GB card; the calculator says how many do, and BF16 weights
    (2 bytes) beside an FP8 cache (1 byte) count each at its own size."""
    one = calc.kv_cache(80, 8, 128, 2, 4096, 8, params=70e9, memory_gb=80.0)
    assert one.fit == 0 and one.gpus_needed == 2  # 140e9 + 10.7e9 bytes over 85.9e9 per card
    two = calc.kv_cache(80, 8, 128, 2, 4096, 8, params=70e9, memory_gb=80.0, gpus=2)
    assert two.fit == int((2 * 80 * 2**30 - 140e9) // (2 * 80 * 8 * 128 * 2 * 4096))
    mixed = calc.kv_cache(80, 8, 128, 1, 4096, 8, params=70e9, memory_gb=80.0, weight_bytes_per_element=2, gpus=2)
    assert mixed.per_token == 2 * 80 * 8 * 128 * 1 and mixed.fit == int((2 * 80 * 2**30 - 140e9) // (163840 * 4096))


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
    assert calc.kv_cache(80, 8, 128, 2, 4096, 1, params=70e9, memory_gb=80.0).fit == 0
