"""Decode attention: the time of one decoding step's attention against the context's length.

What it measures: attention for one new token per sequence, 8 sequences, 8 KV heads of 128
dimensions with 4 query heads each (grouped-query attention, as Llama 3 8B has), over a KV
cache of 512 to 131,072 tokens in BF16, through each of PyTorch's attention backends: FlashAttention
(its split-KV decoding kernel), cuDNN, memory-efficient attention and the plain math path.
How: scaled_dot_product_attention pinned to one backend at a time, each in the query layout it
runs fastest in (cuDNN takes the 32 query heads with enable_gqa; the others the 4 query heads of
a KV head as 4 rows), checked against float64 arithmetic on one sequence, sampled until the
spread is small; a profiler trace of one FlashAttention step names its kernels and shows them
on a timeline; Nsight Compute counts the DRAM bytes each backend's kernels read.
Against what model: a fixed cost plus bytes over bandwidth, t = k x h + KV / B: decoding reads
every cached key and value once per step and does little arithmetic with each, so a long cache
takes its bytes' time at the copy bandwidth the memory-bandwidth lab measured, and a short one
the launch cost h of the backend's k kernels, h as the launch-overhead lab measured it. The
memory-efficient and math backends are measured, not modelled: they do not split the cache
across the GPU's SMs.
"""

from __future__ import annotations

import harness
from harness import traces

ID = "decode-attention"
NEEDS = ("copy_gbs", "launch_us")
COUNTERS = ("dram__bytes_read.sum", "gpu__time_duration.sum", "sm__warps_active.avg.pct_of_peak_sustained_active")

BATCH, KV_HEADS, GROUP, HEAD_DIM = 8, 8, 4, 128
CONTEXTS = tuple(2**k for k in range(9, 18))  # 512 .. 131,072 tokens
MATH_MAX = 16384  # the math path materialises the scores: measured only on shorter caches
BACKENDS = {"flash": "FlashAttention", "cudnn": "cuDNN", "efficient": "memory-efficient", "math": "math"}
MODELLED = ("flash", "cudnn")
TRACE_CONTEXT = 4096


def kv_bytes(context: int, item: int = 2) -> int:
    """Keys and values of every cached token, every KV head, every sequence."""
    return 2 * BATCH * context * KV_HEADS * HEAD_DIM * item


def predicted_ms(context: int, bandwidth_gbs: float, kernels: int, launch_us: float) -> float:
    return kernels * launch_us * 1e-3 + kv_bytes(context) / (bandwidth_gbs * 1e9) * 1e3


def reference(q, k, v):
    """softmax(q k^T / sqrt(d)) v in float64, q as (group rows, d) per KV head."""
    q, k, v = q.double(), k.double(), v.double()
    scores = (q @ k.transpose(-1, -2)) / HEAD_DIM**0.5
    return scores.softmax(-1) @ v


def step(backend: str, q, k, v):
    """One decoding step's attention pinned to a backend, its output as (B, KV, G, D)."""
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    which = {"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION,
             "efficient": SDPBackend.EFFICIENT_ATTENTION, "math": SDPBackend.MATH}[backend]
    if backend == "cudnn":
        heads = q.reshape(BATCH, KV_HEADS * GROUP, 1, HEAD_DIM)

        def go():
            with sdpa_kernel(which):
                return F.scaled_dot_product_attention(heads, k, v, enable_gqa=True).reshape(q.shape)
        return go

    def go():
        with sdpa_kernel(which):
            return F.scaled_dot_product_attention(q, k, v)
    return go


def inputs(context: int):
    import torch

    shape = (BATCH, KV_HEADS, context, HEAD_DIM)
    q = harness.random((BATCH, KV_HEADS, GROUP, HEAD_DIM), torch.bfloat16)
    return q, harness.random(shape, torch.bfloat16), harness.random(shape, torch.bfloat16)


def kernels_per_step(ctx: harness.Context) -> tuple[dict[str, int], list[harness.Trace]]:
    """Kernels one step launches, per modelled backend, read from a profiler trace of each."""
    q, k, v = inputs(TRACE_CONTEXT)
    counts, kept = {}, []
    for backend in MODELLED:
        go = step(backend, q, k, v)
        go()
        trace = ctx.trace(backend, f"one decoding step over {TRACE_CONTEXT:,} tokens, {BACKENDS[backend]}", go)
        if trace is None:
            return {b: 2 for b in MODELLED}, []
        counts[backend] = max(1, trace.kernels)
        kept.append(trace)
    return counts, kept


def measure_backend(ctx: harness.Context, backend: str, contexts, copy: float, kernels: int | None,
                    launch_us: float) -> harness.Series | None:
    series = harness.Series(backend, f"{BACKENDS[backend]}, 8 sequences", "context length", "tokens",
                            "attention time", "ms", scale="log2", model="fixed-plus-bytes" if kernels else None)
    for context in contexts:
        if backend == "math" and context > MATH_MAX:
            break
        q, k, v = inputs(context)
        go = step(backend, q, k, v)
        try:
            out = go()
        except RuntimeError as exc:  # this backend cannot run these shapes here
            print(f"      {BACKENDS[backend]} unavailable: {str(exc).splitlines()[0][:120]}")
            return None
        harness.check_close(f"{backend} attention over {context} tokens", out[0], reference(q[0], k[0], v[0]), 2e-2)
        probe = f"{backend}, {context:,} tokens" if context == CONTEXTS[-1] else None
        sample = ctx.measure(go, probe=probe, series=backend, x=context)
        series.add(context, harness.Value.time(sample),
                   predicted=predicted_ms(context, copy, kernels, launch_us) if kernels else None)
    return series


def run(ctx: harness.Context) -> harness.Result:
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    launch = ctx.calibrated("launch_us", 7.0, "fixed")
    counts, kept = kernels_per_step(ctx)
    contexts = CONTEXTS[::2] if ctx.quick else CONTEXTS
    series = [s for b in BACKENDS if (s := measure_backend(ctx, b, contexts, copy[0], counts.get(b), launch[0]))]
    longest = contexts[-1]
    best = min((s for s in series if any(p["x"] == longest for p in s.points)), key=lambda s: s.at(longest)["y"])
    flash = next(s for s in series if s.id == "flash")
    summary = [harness.from_point(f"{BACKENDS[s.id]}, {longest:,} tokens", s, longest) for s in series
               if any(p["x"] == longest for p in s.points)]
    summary.insert(0, harness.from_point(f"FlashAttention, {contexts[0]:,} tokens", flash, contexts[0]))
    t = best.at(longest)["y"]
    finding = (f"At {longest:,} tokens the fastest backend, {BACKENDS[best.id]}, takes {t:.3f} ms, reading its "
               f"{kv_bytes(longest) / 1e9:.1f} GB of KV cache at {kv_bytes(longest) / (t * 1e-3) / 1e9:,.0f} GB/s; at "
               f"{contexts[0]:,} tokens FlashAttention takes {flash.points[0]['y'] * 1e3:.0f} µs, mostly launch cost.")
    model = harness.Model("fixed-plus-bytes", "A fixed cost plus bytes over bandwidth", "t = k x h + KV bytes / B",
                          (harness.Term("h", "launch cost of one kernel", launch[0], "us", launch[1], launch[2]),
                           *(harness.Term(f"k_{b}", f"kernels one {BACKENDS[b]} step launches (trace)", counts[b],
                                          "count", "measured", ID) for b in counts),
                           harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2])))
    return harness.Result(parameters={"dtype": "bfloat16", "batch": BATCH, "kv_heads": KV_HEADS,
                                      "query_heads_per_kv_head": GROUP, "head_dim": HEAD_DIM,
                                      "fastest_backend": best.id},
                          series=series, summary=summary, finding=finding, models=[model], traces=kept, warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the DRAM bytes the fastest backend read per byte of KV cache."""
    from harness.counters import value

    best = result.parameters["fastest_backend"]
    read = value(counters, f"{best}, {CONTEXTS[-1]:,} tokens", "dram__bytes_read.sum")
    if not read:
        return result.finding
    return (f"{result.finding} Nsight Compute counts {read / kv_bytes(CONTEXTS[-1]):.2f} bytes read from DRAM per "
            f"byte of cache.")[:300]
