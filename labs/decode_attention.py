"""Decode attention: the time of one decoding step's attention against the context's length.

What it measures: attention for one new token per sequence, 8 sequences, 8 KV heads of 128
dimensions with 4 query heads each (grouped-query attention, as Llama 3 8B has), over a KV
cache of 512 to 131,072 tokens in BF16.
How: PyTorch's scaled_dot_product_attention (its flash kernel), the 4 query heads of a KV head
laid out as 4 query rows so the cache is read once, checked against float64 arithmetic on one
sequence, then timed as the harness does.
Against what ceiling: the KV cache's bytes over the vendor's bandwidth. Decoding reads every
cached key and value once per step and does little arithmetic with each, so once the cache is
long the step should take its bytes' time; short caches are bound by overhead instead.
"""

from __future__ import annotations

import harness

ID = "decode-attention"

BATCH, KV_HEADS, GROUP, HEAD_DIM = 8, 8, 4, 128
CONTEXTS = tuple(2**k for k in range(9, 18))  # 512 .. 131,072 tokens


def kv_bytes(context: int, item: int = 2) -> int:
    """Keys and values of every cached token, every KV head, every sequence."""
    return 2 * BATCH * context * KV_HEADS * HEAD_DIM * item


def predicted_ms(context: int, bandwidth_gbs: float) -> float:
    return kv_bytes(context) / (bandwidth_gbs * 1e9) * 1e3


def reference(q, k, v):
    """softmax(q k^T / sqrt(d)) v in float64."""
    q, k, v = q.double(), k.double(), v.double()
    scores = (q @ k.transpose(-1, -2)) / HEAD_DIM**0.5
    return scores.softmax(-1) @ v


def step_ms(ctx: harness.Context, context: int) -> float:
    import torch
    import torch.nn.functional as F

    q = harness.random((BATCH, KV_HEADS, GROUP, HEAD_DIM), torch.bfloat16)
    k = harness.random((BATCH, KV_HEADS, context, HEAD_DIM), torch.bfloat16)
    v = harness.random((BATCH, KV_HEADS, context, HEAD_DIM), torch.bfloat16)
    step = lambda: F.scaled_dot_product_attention(q, k, v)  # noqa: E731
    harness.check_close(f"attention over {context} tokens", step()[0], reference(q[0], k[0], v[0]), 2e-2)
    return harness.time_ms(ctx, step)


def run(ctx: harness.Context) -> harness.Result:
    bw = float(ctx.gpu["memory_bandwidth_gbs"])
    series = harness.Series("step", "one decoding step, 8 sequences", "context length", "tokens",
                            "attention time", "ms", scale="log2")
    for context in CONTEXTS[::2] if ctx.quick else CONTEXTS:
        series.add(context, step_ms(ctx, context), predicted_ms(context, bw))
    first, last = series.points[0], series.points[-1]
    summary = [harness.summary_row(f"{p['x']:,} tokens of context", p["y"], p["predicted"], "ms") for p in (first, last)]
    finding = (f"At {last['x']:,} tokens a step takes {last['y']:.3f} ms, {last['predicted'] / last['y']:.0%} of the "
               f"bandwidth's pace for its {kv_bytes(last['x']) / 1e9:.1f} GB of KV cache; at {first['x']:,} tokens it takes "
               f"{first['y']:.3f} ms where the bytes alone would take {first['predicted']:.4f} ms.")
    return harness.Result(parameters={"dtype": "bfloat16", "batch": BATCH, "kv_heads": KV_HEADS,
                                      "query_heads_per_kv_head": GROUP, "head_dim": HEAD_DIM},
                          series=[series], summary=summary, finding=finding, repeats=ctx.repeats, warmup=ctx.warmup)
