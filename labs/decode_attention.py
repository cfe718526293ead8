"""Decode attention: the time of one decoding step's attention against the context's length.

What it measures: attention for one new token per sequence, 8 sequences, 8 KV heads of 128
dimensions with 4 query heads each (grouped-query attention, as Llama 3 8B has), over a KV
cache of 512 to 131,072 tokens in BF16, through each of PyTorch's attention backends: FlashAttention
(its split-KV decoding kernel), cuDNN, memory-efficient attention and the plain math path.
How: scaled_dot_product_attention pinned to one backend at a time, each in the query layout it
runs fastest in (cuDNN takes the 32 query heads with enable_gqa; the others the 4 query heads of
a KV head as 4 rows), checked against float64 arithmetic on one sequence, captured in a CUDA
graph as serving engines run decoding (so the host's dispatch stays out of the GPU's time) and
its replays sampled until the spread is small; a profiler trace of one step per modelled backend
names its kernels and shows them on a timeline; Nsight Compute counts the DRAM bytes read.
Against what model: a fixed cost plus bytes over bandwidth, t = a + KV / B: decoding reads every
cached key and value once per step and does little arithmetic with each, so a long cache takes
its bytes' time at the copy bandwidth the memory-bandwidth lab measured, and a short one the
backend's fixed cost a, its step over a 64-token cache, measured apart. The memory-efficient and
math backends are measured, not modelled: they do not split the cache across the GPU's SMs.
"""

from __future__ import annotations

import harness
from harness import traces

ID = "decode-attention"
NEEDS = ("copy_gbs",)
COUNTERS = ("dram__bytes_read.sum", "gpu__time_duration.sum", "sm__warps_active.avg.pct_of_peak_sustained_active")

BATCH, KV_HEADS, GROUP, HEAD_DIM = 8, 8, 4, 128
CONTEXTS = tuple(2**k for k in range(9, 18))  # 512 .. 131,072 tokens
MATH_MAX = 16384  # the math path materialises the scores: measured only on shorter caches
BACKENDS = {"flash": "FlashAttention", "cudnn": "cuDNN", "efficient": "memory-efficient", "math": "math"}
MODELLED = ("flash", "cudnn")
TRACE_CONTEXT = 4096
FIXED_CONTEXT = 64


def kv_bytes(context: int, item: int = 2) -> int:
    """Keys and values of every cached token, every KV head, every sequence."""
    return 2 * BATCH * context * KV_HEADS * HEAD_DIM * item


def predicted_ms(context: int, bandwidth_gbs: float, fixed_ms: float) -> float:
    return fixed_ms + kv_bytes(context) / (bandwidth_gbs * 1e9) * 1e3


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


def replayable(go):
    """The step captured as a CUDA graph (its replay returns the output of the capture), or the
    step itself where this backend cannot be captured."""
    import torch

    go()
    torch.cuda.synchronize()
    try:
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            out = go()
    except RuntimeError:
        return go, False
    def replay():
        graph.replay()
        return out
    return replay, True


def timelines(ctx: harness.Context) -> list[harness.Trace]:
    """One step per modelled backend under the profiler, kept with the record."""
    q, k, v = inputs(TRACE_CONTEXT)
    found = []
    for backend in MODELLED:
        go = step(backend, q, k, v)
        go()
        trace = ctx.trace(backend, f"one decoding step over {TRACE_CONTEXT:,} tokens, {BACKENDS[backend]}", go)
        found += [trace] if trace else []
    return found


def fixed_ms(ctx: harness.Context, backend: str) -> float:
    """The backend's step over a 64-token cache: what a step costs whatever the cache."""
    q, k, v = inputs(FIXED_CONTEXT)
    fn, _ = replayable(step(backend, q, k, v))
    return ctx.measure(fn).ms


def measure_backend(ctx: harness.Context, backend: str, contexts, copy: float) -> tuple[harness.Series | None, dict]:
    modelled = backend in MODELLED
    series = harness.Series(backend, f"{BACKENDS[backend]}, 8 sequences", "context length", "tokens",
                            "attention time", "ms", scale="log2", model="fixed-plus-bytes" if modelled else None)
    try:
        fixed = fixed_ms(ctx, backend) if modelled else None
    except RuntimeError as exc:  # this backend cannot run these shapes here
        print(f"      {BACKENDS[backend]} unavailable: {str(exc).splitlines()[0][:120]}")
        return None, {}
    graphed = True
    for context in contexts:
        if backend == "math" and context > MATH_MAX:
            break
        q, k, v = inputs(context)
        fn, graphed = replayable(step(backend, q, k, v))
        harness.check_close(f"{backend} attention over {context} tokens", fn()[0], reference(q[0], k[0], v[0]), 2e-2)
        probe = f"{backend}, {context:,} tokens" if context == CONTEXTS[-1] else None
        sample = ctx.measure(fn, probe=probe, series=backend, x=context)
        series.add(context, harness.Value.time(sample), predicted=predicted_ms(context, copy, fixed) if modelled else None)
    return series, {"graphed": graphed, **({"fixed_ms": fixed} if modelled else {})}


def run(ctx: harness.Context) -> harness.Result:
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    contexts = CONTEXTS[::2] if ctx.quick else CONTEXTS
    series, how = [], {}
    for backend in BACKENDS:
        s, info = measure_backend(ctx, backend, contexts, copy[0])
        if s is not None:
            series.append(s)
            how[backend] = info
    longest = contexts[-1]
    best = min((s for s in series if any(p["x"] == longest for p in s.points)), key=lambda s: s.at(longest)["y"])
    flash = next(s for s in series if s.id == "flash")
    summary = [harness.from_point(f"{BACKENDS[s.id]}, {longest:,} tokens", s, longest) for s in series
               if any(p["x"] == longest for p in s.points)]
    summary.insert(0, harness.from_point(f"FlashAttention, {contexts[0]:,} tokens", flash, contexts[0]))
    t = best.at(longest)["y"]
    finding = (f"At {longest:,} tokens the fastest backend, {BACKENDS[best.id]}, takes {t:.3f} ms, reading its "
               f"{kv_bytes(longest) / 1e9:.1f} GB of KV cache at {kv_bytes(longest) / (t * 1e-3) / 1e9:,.0f} GB/s; at "
               f"{contexts[0]:,} tokens FlashAttention takes {flash.points[0]['y'] * 1e3:.0f} µs, mostly its fixed cost.")
    terms = [harness.Term(f"a_{b}", f"{BACKENDS[b]}'s step over {FIXED_CONTEXT} tokens", how[b]["fixed_ms"] * 1e3, "us",
                          "measured", ID) for b in MODELLED if b in how]
    model = harness.Model("fixed-plus-bytes", "A fixed cost plus bytes over bandwidth", "t = a + KV bytes / B",
                          (*terms, harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2])))
    return harness.Result(parameters={"dtype": "bfloat16", "batch": BATCH, "kv_heads": KV_HEADS,
                                      "query_heads_per_kv_head": GROUP, "head_dim": HEAD_DIM, "fastest_backend": best.id,
                                      "graph_replayed": {b: i["graphed"] for b, i in how.items()}},
                          series=series, summary=summary, finding=finding, models=[model], traces=timelines(ctx),
                          warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the DRAM bytes the fastest backend read per byte of KV cache."""
    from harness.counters import value

    best = result.parameters["fastest_backend"]
    read = value(counters, f"{best}, {CONTEXTS[-1]:,} tokens", "dram__bytes_read.sum")
    if not read:
        return result.finding
    return (f"{result.finding} Nsight Compute counts {read / kv_bytes(CONTEXTS[-1]):.2f} bytes read from DRAM per "
            f"byte of cache.")[:300]
