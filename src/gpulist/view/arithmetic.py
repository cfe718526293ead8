"""The arithmetic the calculators teach, as pure functions, and their worked examples.

The same formulas run in the reader's browser (docs/assets/javascripts/calculators.js) when
JavaScript is on; here they fill the worked example each calculator shows without it, from
data/gpus.yml at build time. Units: FLOPs and bytes are plain counts, peaks are TFLOPS,
bandwidth GB/s (1e9 bytes per second), time seconds.

A GPU's memory has two sizes: the one its vendor states ("141 GB" for the H200) and the one a
program can allocate, which PyTorch reports (total_memory: 139.8 GiB = 150.1e9 bytes in the
H200's lab runs). The vendor's figure is neither unit exactly: read as 141 GiB it promises
1.2 GiB the program never sees, and a model that needs 150.7 GB was once said to fit. So the
fit is worked out in bytes against what the framework sees where the labs measured it, and
against the vendor's figure read as 10^9 bytes (the smaller reading) where they did not;
from that the reader's reserve per GPU (the CUDA context, activations) is taken first.

- Roofline (Williams, Waterman and Patterson): attainable = min(peak, bandwidth x intensity),
  where intensity = FLOPs / bytes; the ridge point, peak / bandwidth, is the intensity where
  the two roofs meet, and a kernel below it is memory-bound.
- KV cache: each token keeps a key and a value vector per layer and KV head, so
  2 x layers x kv_heads x head_dim x bytes per element per token; multi-head latent attention
  (DeepSeek-V2 and V3) keeps one compressed vector per layer instead: layers x width x bytes.
- Transformer arithmetic: about 2N FLOPs per token for a forward pass through N parameters,
  6N to train (forward plus backward); time = 6NT / (GPUs x peak x MFU).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

TERA = 1e12
GIGA = 1e9
GIB = 2**30  # what PyTorch's sizes and the labs' memory_gib count in


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
    weights: float  # bytes
    need: float  # bytes: weights + the whole batch's cache
    usable: float  # bytes on all `gpus` GPUs, once each GPU's reserve is taken
    headroom: float  # what is left of all their memory once weights, cache and reserve are in (< 0: does not fit)
    fit: int  # sequences of `tokens` tokens that fit beside the weights and the reserve (0 if the weights do not)
    gpus_needed: int  # the fewest GPUs that hold the weights, the whole batch's cache and each one's reserve (0: none can)
    verdict: str  # "fits", "tight" (under HEADROOM_WARNING to spare) or "does not fit"


HEADROOM_WARNING = 0.10  # under a tenth of the memory to spare, fragmentation and a longer prompt may not fit


def kv_cache(layers: int, kv_heads: int, head_dim: int, bytes_per_element: float, tokens: int, batch: int,
             params: float, memory_bytes: float, *, weight_bytes_per_element: float | None = None,
             gpus: int = 1, reserve_bytes: float = 0.0, vectors: int = 2) -> KvCache:
    """The cache and what fits, with the weights and the cache split over `gpus` GPUs (tensor
    parallelism divides both evenly), so that "how many GPUs does this need?" has an answer.
    `memory_bytes` is one GPU's memory as the framework sees it, `reserve_bytes` what each GPU
    keeps for the CUDA context and activations. `vectors` is 2 where a key and a value are
    cached per KV head, 1 for a latent vector (MLA: kv_heads 1, head_dim its width). The
    weights and the cache may differ in type (BF16 weights with an FP8 cache)."""
    weights = params * (bytes_per_element if weight_bytes_per_element is None else weight_bytes_per_element)
    per_token = vectors * layers * kv_heads * head_dim * bytes_per_element
    per_gpu = memory_bytes - reserve_bytes
    usable = gpus * per_gpu
    total = per_token * tokens * batch
    need = weights + total
    fit = max(0, math.floor((usable - weights) / (per_token * tokens)))
    headroom = (usable - need) / (gpus * memory_bytes)
    verdict = "does not fit" if headroom < 0 else "tight" if headroom < HEADROOM_WARNING else "fits"
    needed = max(1, math.ceil(need / per_gpu)) if per_gpu > 0 else 0
    return KvCache(per_token, total, weights, need, usable, headroom, fit, needed, verdict)


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
# The KV cache example keeps 2 GiB per GPU for the CUDA context and activations: an assumption
# the reader replaces (torch.cuda.max_memory_reserved after a run says what theirs took).
KV_EXAMPLE = {"bytes_per_element": 2, "weight_bytes_per_element": 2, "tokens": 32768, "batch": 1, "gpus": 1,
              "reserve_gib": 2}
TRAINING_EXAMPLE = {"tokens": 1e12, "gpus": 1024, "mfu": 40.0, "dtype": "bf16"}
