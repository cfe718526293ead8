"""The search's practitioner query set on the real list (issue 42): what someone with a GPU and a
model types, the address that must come first, and for a GPU the figure its result must show.

Four kinds, each read by test_search under both engines: a GPU and a quantity (the GPU's row
first, the figure asked for shown in the result), calculator questions, model sizes, and the
site's tools by name. Written before the ranking was tuned for them, kept by hand, not derived
from data: a query whose target moves fails, and is then fixed here on purpose. The figure is
the key of the figure the result must mark as asked (search_index.FIGURES), or None.
"""

from __future__ import annotations

G = "gpus/#gpu-{}".format
KV, ROOF, TRANS = "concepts/kv-cache/#calculator", "concepts/roofline/#calculator", "concepts/transformer-arithmetic/#calculator"

GPU_FIGURES = [
    ("H200 memory bandwidth", G("h200"), "bandwidth"), ("H200 bandwidth", G("h200"), "bandwidth"),
    ("H200 memory", G("h200"), "memory"), ("how much memory does the H200 have", G("h200"), "memory"),
    ("H100 memory bandwidth", G("h100-sxm"), "bandwidth"), ("H100 PCIe bandwidth", G("h100-pcie"), "bandwidth"),
    ("B200 FP8", G("b200"), "fp8"), ("B200 BF16 TFLOPS", G("b200"), "bf16"), ("H100 FP8 TFLOPS", G("h100-sxm"), "fp8"),
    ("A100 80GB memory", G("a100-80gb-sxm"), "memory"), ("A100 40GB bandwidth", G("a100-40gb-sxm"), "bandwidth"),
    ("MI300X memory", G("mi300x"), "memory"), ("MI300X bandwidth", G("mi300x"), "bandwidth"),
    ("MI355X FP8", G("mi355x"), "fp8"), ("RTX 4090 bf16", G("rtx-4090"), "bf16"), ("L40S memory", G("l40s"), "memory"),
    ("H200 HBM capacity", G("h200"), "memory"), ("H200 measured bandwidth", G("h200"), "copy"),
    ("H200 measured copy bandwidth", G("h200"), "copy"), ("H200 measured BF16", G("h200"), "measured_bf16"),
    ("what bandwidth does an H200 reach in practice", G("h200"), "copy"), ("H200 peak BF16", G("h200"), "bf16"),
    ("H200 TFLOPS", G("h200"), "bf16"), ("V100 memory bandwidth", G("v100-sxm2"), "bandwidth"),
    ("MI250X vram", G("mi250x"), "memory"), ("GB200 FP8", G("gb200"), "fp8"),
]

CALCULATOR_QUESTIONS = [
    ("calculator", KV), ("calculators", KV), ("KV cache size", KV), ("how much KV cache", KV),
    ("how much memory does the KV cache need", KV), ("KV cache calculator", KV), ("does 70B fit on an H200", KV),
    ("will my model fit in GPU memory", KV), ("roofline calculator", ROOF), ("is my kernel memory bound or compute bound", ROOF),
    ("ridge point", ROOF), ("attainable TFLOPS", ROOF), ("how long will training take", TRANS),
    ("training FLOPs calculator", TRANS), ("transformer arithmetic calculator", TRANS), ("how many GPUs do I need", KV),
]

MODEL_SIZES = [
    ("Llama 3 70B", KV), ("70B", KV), ("does a 70B model fit on one GPU", KV), ("405B", KV), ("8B model memory", KV),
    ("Llama-3.1-8B", KV), ("Llama 3.1 8B KV cache", KV), ("training a 7B model on 8 GPUs", TRANS),
]

TOOLS = [
    ("Labs", "labs/"), ("labs", "labs/"), ("memory bandwidth lab", "labs/#memory-bandwidth"),
    ("roofline lab", "labs/#roofline"), ("launch overhead lab", "labs/#launch-overhead"),
    ("matmul ceilings", "labs/#matmul-ceilings"), ("decode attention lab", "labs/#decode-attention"),
    ("GPU numbers", "gpus/"), ("GPU specs", "gpus/"), ("review", "review/"),
    ("LLM inference engineer", "paths/llm-inference-engineer/"), ("multi-GPU training path", "paths/multi-gpu-training/"),
    ("Measuring LLM systems", "paths/measuring-llm-systems/"), ("reading paths", "paths/"),
]

KINDS = {"GPU and quantity": GPU_FIGURES, "calculator questions": CALCULATOR_QUESTIONS, "model sizes": MODEL_SIZES,
         "tools": TOOLS}
