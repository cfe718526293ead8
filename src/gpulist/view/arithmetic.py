"""The arithmetic the calculators teach, as pure functions, and their worked examples.

The same formulas run in the reader's browser (docs/assets/javascripts/calculators.js) when
JavaScript is on; here they fill the worked example each calculator shows without it, from
data/gpus.yml at build time. Units: FLOPs and bytes are plain counts, peaks are TFLOPS,
bandwidth GB/s (1e9 bytes per second), memory GB (1e9 bytes), time seconds.

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
    fit: int  # sequences of `tokens` tokens that fit beside the weights (0 if the weights do not fit)


def kv_cache(layers: int, kv_heads: int, head_dim: int, bytes_per_element: float, tokens: int, batch: int,
             params: float, memory_gb: float) -> KvCache:
    per_token = 2 * layers * kv_heads * head_dim * bytes_per_element
    free = memory_gb * GIGA - params * bytes_per_element
    fit = max(0, math.floor(free / (per_token * tokens)))
    return KvCache(per_token, per_token * tokens * batch, fit)


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
KV_EXAMPLE = {"bytes_per_element": 2, "tokens": 32768, "batch": 8}
TRAINING_EXAMPLE = {"tokens": 1e12, "gpus": 1024, "mfu": 40.0, "dtype": "bf16"}
