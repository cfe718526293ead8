"""The search's query set on the real list: what learners type, and the page that must come first.

Five kinds, each read by test_search_queries under both engines: concept names as written,
aliases and abbreviations, questions (with the filler a learner types), typos (one edit each:
a letter dropped, doubled, swapped for another or added) and entries' exact titles. Targets
are addresses under the site's root. Kept by hand, not derived from data: a query whose
target moves or is renamed fails, and is then fixed here on purpose.
"""

from __future__ import annotations

C = "concepts/{}/".format

NAMES = [
    ("Volta", C("volta")), ("Hopper", C("hopper")), ("Blackwell", C("blackwell")), ("TPU", C("tpu")),
    ("SIMT & Warps", C("simt")), ("Memory Hierarchy", C("memory-hierarchy")), ("CUDA", C("cuda")),
    ("PTX", C("ptx")), ("Shared Memory", C("shared-memory")), ("Memory Coalescing", C("memory-coalescing")),
    ("Bank Conflicts", C("bank-conflicts")), ("Occupancy", C("occupancy")), ("Registers", C("registers")),
    ("Register Pressure", C("register-pressure")), ("Thread Block Clusters", C("thread-block-clusters")),
    ("Tensor Memory", C("tensor-memory")), ("Kernels", C("kernels")), ("Thread Blocks", C("thread-blocks")),
    ("Warp Divergence", C("warp-divergence")), ("Latency Hiding", C("latency-hiding")), ("Little's Law", C("littles-law")),
    ("Unified Memory", C("unified-memory")), ("Triton", C("triton")), ("CUTLASS", C("cutlass")), ("CuTe", C("cute")),
    ("cute", C("cute")), ("Tiling", C("tiling")), ("Roofline", C("roofline")), ("Kernel Fusion", C("kernel-fusion")),
    ("CUDA Graphs", C("cuda-graphs")), ("FlashAttention", C("flashattention")),
    ("Arithmetic Intensity", C("arithmetic-intensity")), ("Online Softmax", C("online-softmax")),
    ("Swizzling", C("swizzling")), ("KV Cache", C("kv-cache")), ("PagedAttention", C("paged-attention")),
    ("Speculative Decoding", C("speculative-decoding")), ("Mixture of Experts", C("mixture-of-experts")),
    ("Tensor Parallelism", C("tensor-parallelism")), ("NCCL", C("nccl")), ("Quantization", C("quantization")),
    ("Profiling", C("profiling")), ("GEMM", C("gemm")), ("Microscaling Formats", C("microscaling")),
]

ALIASES = [
    ("warp", C("simt")), ("warps", C("simt")), ("thread block", C("thread-blocks")), ("device memory", C("gpu-memory")),
    ("block scaling", C("microscaling")), ("KV", C("kv-cache")), ("TMA", C("tma")), ("MoE", C("mixture-of-experts")),
    ("FA2", C("flashattention")), ("FA3", C("flashattention")), ("SMEM", C("shared-memory")), ("HBM", C("gpu-memory")),
    ("H100", C("hopper")), ("A100", C("ampere")), ("B200", "gpus/#gpu-b200"), ("MI300X", C("cdna")),
    ("matmul", C("gemm")), ("nsys", C("nsight")), ("ncu", C("nsight")), ("GQA", C("grouped-query-attention")),
    ("MLA", C("multi-head-latent-attention")), ("FSDP", C("zero-sharding")), ("DDP", C("data-parallelism")),
    ("TTFT", C("serving-metrics")), ("allreduce", C("all-reduce")), ("split-K", C("stream-k")),
    ("double buffering", C("software-pipelining")), ("cp.async", C("async-copy")), ("torch.compile", C("torch-compile")),
    ("Inductor", C("torch-compile")), ("operational intensity", C("arithmetic-intensity")), ("MFU", C("transformer-arithmetic")),
    ("paged KV cache", C("paged-attention")), ("attention sinks", C("kv-cache-eviction")), ("NVFP4", C("fp4")),
    ("bf16", C("floating-point-formats")), ("SM", C("streaming-multiprocessor")), ("AWQ", C("weight-only-quantization")),
    ("prefix sum", C("parallel-patterns")), ("gradient checkpointing", C("activation-recomputation")),
]

QUESTIONS = [
    ("how do I profile a kernel", C("profiling")), ("how do I profile", C("profiling")),
    ("what is a warp", C("simt")), ("what is shared memory", C("shared-memory")),
    ("what is the KV cache", C("kv-cache")), ("why does my kernel have bank conflicts", C("bank-conflicts")),
    ("what is memory coalescing", C("memory-coalescing")), ("how does flash attention work", C("flashattention")),
    ("what is occupancy", C("occupancy")), ("how to use tensor cores", C("tensor-cores")),
    ("what is a roofline model", C("roofline")), ("how do I write a triton kernel", C("triton")),
    ("what is arithmetic intensity", C("arithmetic-intensity")), ("how does paged attention work", C("paged-attention")),
    ("what is speculative decoding", C("speculative-decoding")), ("how does continuous batching work", C("continuous-batching")),
    ("what is tensor parallelism", C("tensor-parallelism")), ("how do I use nsight compute", C("nsight")),
    ("what is a mixture of experts", C("mixture-of-experts")), ("why is my kernel memory bound", C("memory-bound")),
    ("how do I quantize a model", C("quantization")), ("what are cuda graphs", C("cuda-graphs")),
    ("how to fuse kernels", C("kernel-fusion")), ("what is swizzling", C("swizzling")),
    ("what is warp divergence", C("warp-divergence")), ("how does all reduce work", C("all-reduce")),
    ("what is FP8", C("fp8")), ("how do tensor memory accelerators work", C("tma")),
    ("what is HBM", C("gpu-memory")),
    ("how do I debug a CUDA kernel", C("debugging")), ("what is pipeline parallelism", C("pipeline-parallelism")),
    ("how does online softmax work", C("online-softmax")), ("what is register spilling", C("register-pressure")),
    ("explain thread block clusters", C("thread-block-clusters")), ("what is unified memory", C("unified-memory")),
    ("kernels", C("kernels")), ("profiling", C("profiling")), ("quantized", C("quantization")),
]

TYPOS = [
    ("flash atention", C("flashattention")), ("coalesing", C("memory-coalescing")), ("occupency", C("occupancy")),
    ("bank conflcts", C("bank-conflicts")), ("swizling", C("swizzling")), ("rooflin", C("roofline")),
    ("quantisaton", C("quantization")), ("speculativ decoding", C("speculative-decoding")),
    ("tensr cores", C("tensor-cores")), ("pagedatention", C("paged-attention")), ("cutlas", C("cutlass")),
    ("trition", C("triton")), ("nsigth", C("nsight")), ("profilng", C("profiling")),
    ("arithmetic intensty", C("arithmetic-intensity")), ("shared memroy", C("shared-memory")),
    ("kernal fusion", C("kernel-fusion")), ("latency hidding", C("latency-hiding")), ("occupancyy", C("occupancy")),
    ("continous batching", C("continuous-batching")), ("tensor paralelism", C("tensor-parallelism")),
    ("pipline parallelism", C("pipeline-parallelism")), ("mixture of expers", C("mixture-of-experts")),
    ("warp divergance", C("warp-divergence")), ("unifed memory", C("unified-memory")),
    ("online softmx", C("online-softmax")), ("register presure", C("register-pressure")),
    ("microbenchmarkng", C("microbenchmarking")), ("autotunning", C("autotuning")), ("Blackwel", C("blackwell")),
    ("Hoper", C("hopper")), ("persistant kernels", C("persistent-kernels")), ("prefix cachng", C("prefix-caching")),
    ("activation recomputaton", C("activation-recomputation")), ("all-reduse", C("all-reduce")),
]

TITLES = [
    ("LMCache: An Efficient KV Cache Layer for Enterprise-Scale LLM Inference", "topics/attention/#lmcache"),
    ("A Survey of Multi-Tenant Deep Learning Inference on GPU", "topics/inference/#multi-tenant-dl-inference-survey"),
    ("CUTLASS Tutorial: Fast Matrix-Multiplication with WGMMA on NVIDIA Hopper GPUs",
     "topics/tensor-cores/#colfax-wgmma-hopper-tutorial"),
    ("Roofline: An Insightful Visual Performance Model for Multicore Architectures", "topics/profiling/#roofline-model-paper"),
    ("A New Golden Age for Computer Architecture", "topics/big-picture/#new-golden-age-computer-architecture"),
    ("EAGLE: Speculative Sampling Requires Rethinking Feature Uncertainty", "topics/inference/#eagle"),
    ("AMD CDNA Architecture", "topics/amd-and-alternatives/#amd-cdna-architecture"),
    ("Understanding PTX, the Assembly Language of CUDA GPU Computing", "topics/fundamentals/#understanding-ptx"),
    ("GPU MODE Lectures", "topics/fundamentals/#gpu-mode-lectures"),
    ("Triton Puzzles", "topics/compilers/#triton-puzzles"),
    ("BLASST: Dynamic BLocked Attention Sparsity via Softmax Thresholding", "topics/attention/#blasst"),
    ("Bringing HPC Techniques to Deep Learning", "topics/distributed/#ring-allreduce-baidu"),
    ("vLLM", "topics/inference/#vllm"),
    ("FlexGen: High-Throughput Generative Inference of Large Language Models with a Single GPU",
     "topics/inference/#flexgen"),
    ("AMD RDNA Architecture", "topics/amd-and-alternatives/#amd-rdna-architecture"),
    ("Decoupled DiLoCo for Resilient Distributed Pre-training", "topics/distributed/#decoupled-diloco"),
    ("Matrix Multiplication on NVIDIA's Blackwell, Part 1: Introduction",
     "topics/tensor-cores/#modular-blackwell-matmul-part-1"),
    ("SnapKV: LLM Knows What You are Looking for Before Generation", "topics/attention/#snapkv"),
    ("QLoRA: Efficient Finetuning of Quantized LLMs", "topics/quantization/#qlora"),
    ("Nano-vLLM", "topics/inference/#nano-vllm"),
    ("Using CUDA Warp-Level Primitives", "topics/fundamentals/#using-cuda-warp-level-primitives"),
    ("tcgen05 MMA Programming Guide (CuTe DSL)", "topics/tensor-cores/#cute-dsl-tcgen05-programming-guide"),
    ("PipeDream: Generalized Pipeline Parallelism for DNN Training", "topics/distributed/#pipedream"),
    ("Dissecting the NVIDIA Volta GPU Architecture via Microbenchmarking", "topics/fundamentals/#dissecting-volta"),
    ("ThunderKittens: Simple, Fast, and Adorable AI Kernels", "topics/compilers/#thunderkittens-paper"),
    ("CUDA Toolkit", "topics/fundamentals/#cuda-toolkit"),
    ("GPU Mode: Triton Internals Talk", "topics/compilers/#triton-internals-talk"),
    ("Elastic Expert Parallelism in vLLM", "topics/inference/#vllm-elastic-expert-parallelism"),
    ("DeepEP: an efficient expert-parallel communication library", "topics/distributed/#deepep"),
    ("The Hardware Lottery", "topics/big-picture/#hardware-lottery"),
    ("How to Profile Models in PyTorch", "topics/profiling/#torch-profiling-tutorial"),
    ("LLM Training Puzzles", "topics/distributed/#llm-training-puzzles"),
    ("Understanding Latency Hiding on GPUs", "topics/profiling/#understanding-latency-hiding-on-gpus"),
    ("Compute Sanitizer", "topics/profiling/#compute-sanitizer"),
    ("NCCL Tests", "topics/distributed/#nccl-tests"),
    ("PTX ISA", None),  # filled below: the fundamentals' PTX ISA entry, whose title is longer
]
TITLES = [t for t in TITLES if t[1]]

KINDS = {"concept names": NAMES, "aliases and abbreviations": ALIASES, "questions": QUESTIONS, "typos": TYPOS,
         "entry titles": TITLES}
