"""The arithmetic the calculators teach, as pure functions, and their worked examples.

The same formulas run in the reader's browser (docs/assets/javascripts/calculators.js) when
JavaScript is on; here they fill the worked example each calculator shows without it, from
data/gpus.yml at build time. Units: FLOPs and bytes are plain counts, peaks are TFLOPS,
bandwidth GB/s (1e9 bytes per second), time seconds. A GPU's memory is given as its vendor
states it, "80 GB", which for GPU memory means binary gigabytes: an H100 80 GB holds
80 GiB = 85.9e9 bytes, of which nvidia-smi reports 81,559 MiB (85.5e9) to programs; counting
80e9 bytes would understate the card by 7%, so memory is counted in GiB (MEMORY_UNIT).

- Roofline (Williams, Waterman and Patterson): attainable = min(peak, bandwidth x intensity),
  where intensity = FLOPs / bytes; the ridge point, peak / bandwidth, is the intensity where
  the two roofs meet, and a kernel below it is memory-bound.
- KV cache: each token keeps a key and a value vector per layer and KV head, so
  2 x layers x kv_heads x head_dim x bytes per element per token.
- Transformer arithmetic: about 2N FLOPs per token for a forward pass through N parameters,
  6N to train (forward plus backward); time = 6NT / (GPUs x peak x MFU).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

TERA = 1e12
GIGA = 1e9
MEMORY_UNIT = 2**30  # bytes in one "GB" of GPU memory as vendors state it (a GiB)


@dataclass(frozen=True, slots=True)
class Roofline:
    intensity: float  # FLOP/byte
    ridge: float  # FLOP/byte
    attainable: float  # TFLOPS
    bound: str  # "memory" or "compute"


def roofline(peak_tflops: float, bandwidth_gbs: float, flops: float, nbytes: float) -> Roofline:
    intensity = flops / nbytes
    ridge = peak_tflops * TERA / (bandwidth_gbs * GIGA)
    attainable = min(peak_tflops, bandwidth_gbs * GIGA * intensity / TERA)
    return Roofline(intensity, ridge, attainable, "memory" if intensity < ridge else "compute")


@dataclass(frozen=True, slots=True)
class KvCache:
    per_token: float  # bytes
    total: float  # bytes, for `tokens` x `batch`
    fit: int  # sequences of `tokens` tokens that fit beside the weights on `gpus` GPUs (0 if the weights do not)
    gpus_needed: int  # the fewest GPUs whose memory holds the weights and the whole batch's cache


def kv_cache(layers: int, kv_heads: int, head_dim: int, bytes_per_element: float, tokens: int, batch: int,
             params: float, memory_gb: float, *, weight_bytes_per_element: float | None = None,
             gpus: int = 1) -> KvCache:
    """The cache and what fits, with the weights and the cache split over `gpus` GPUs (tensor
    parallelism divides both evenly), so that "how many GPUs does this need?" has an answer.
    The weights and the cache may differ in type (BF16 weights with an FP8 cache): the cache
    takes `bytes_per_element`, the weights `weight_bytes_per_element` (the same by default)."""
    weight_bytes = params * (bytes_per_element if weight_bytes_per_element is None else weight_bytes_per_element)
    per_token = 2 * layers * kv_heads * head_dim * bytes_per_element
    memory = memory_gb * MEMORY_UNIT
    fit = max(0, math.floor((gpus * memory - weight_bytes) / (per_token * tokens)))
    total = per_token * tokens * batch
    return KvCache(per_token, total, fit, max(1, math.ceil((weight_bytes + total) / memory)))


@dataclass(frozen=True, slots=True)
class Training:
    forward_flops: float
    training_flops: float
    time: float  # seconds


def training(params: float, tokens: float, gpus: int, mfu_percent: float, peak_tflops: float) -> Training:
    total = 6 * params * tokens
    return Training(2 * params * tokens, total, total / (gpus * peak_tflops * TERA * mfu_percent / 100))


# The worked examples' kernels: a square GEMM and a matrix-vector product, both in 2-byte
# elements, counting each operand read once and the result written once.
GEMM_N = 4096


def gemm_counts(n: int = GEMM_N, element_bytes: int = 2) -> tuple[float, float]:
    """FLOPs and bytes of C = A @ B for n x n matrices: 2n^3 FLOPs, 3n^2 elements moved."""
    return 2.0 * n ** 3, 3.0 * n * n * element_bytes


def gemv_counts(n: int = GEMM_N, element_bytes: int = 2) -> tuple[float, float]:
    """FLOPs and bytes of y = A @ x: 2n^2 FLOPs, the n^2 matrix plus two vectors moved."""
    return 2.0 * n * n, (n * n + 2.0 * n) * element_bytes


# The other worked examples' inputs: a 32k-token context, eight sequences, BF16 (2 bytes);
# a trillion training tokens on 1,024 GPUs at 40% MFU. Illustrations, not claims about a run.
KV_EXAMPLE = {"bytes_per_element": 2, "weight_bytes_per_element": 2, "tokens": 32768, "batch": 8, "gpus": 1}
TRAINING_EXAMPLE = {"tokens": 1e12, "gpus": 1024, "mfu": 40.0, "dtype": "bf16"}
