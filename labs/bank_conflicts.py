"""Shared memory and bank conflicts: a matrix transpose, naive, tiled, and tiled with padding.

What it measures: four kernels over a 16384 x 16384 float32 matrix (1 GiB): a plain copy, a
naive transpose (reads coalesced, writes 16 KiB apart), a transpose through a
32 x 32 tile in shared memory (both global accesses coalesced, but the tile is read down a
column: 32 threads hit one bank, a 32-way conflict) and the same tile padded to 32 x 33 (a
column's words fall in 32 different banks).
How: CUDA C compiled at run time through CuPy (Triton does not let a program choose its own
shared-memory layout), each kernel's output compared exactly with PyTorch's transpose, then
sampled until the spread is small. Every pointer is `__restrict__`: without it the compiler
must assume the output may alias the input, and the copy ran slower than the padded transpose.
Nsight Compute counts each kernel's shared-memory bank conflicts and wavefronts.
Against what model: each kernel takes the longer of its DRAM time and its shared-memory time.
DRAM: one read and one write of the matrix over the copy bandwidth the memory-bandwidth lab
measured; the naive transpose's scattered writes instead at the useful rate the coalescing lab
measured for its widest stride. Shared memory: one wavefront per cycle per SM, a warp's access
taking as many wavefronts as the most threads that share a bank (32 down an unpadded column, 1
with the padding), at the highest SM clock.
"""

from __future__ import annotations

import harness

ID = "bank-conflicts"
NEEDS = ("copy_gbs", "scattered_gbs")
COUNTERS = ("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
            "dram__bytes_read.sum", "dram__bytes_write.sum", "gpu__time_duration.sum")

N = 16384
TILE, ROWS = 32, 8  # a 32 x 32 tile, moved by 32 x 8 threads in four steps

SOURCE = r"""
extern "C" __global__ void copy(float* __restrict__ out, const float* __restrict__ in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(size_t)(y + j) * n + x] = in[(size_t)(y + j) * n + x];
}
extern "C" __global__ void naive(float* __restrict__ out, const float* __restrict__ in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(size_t)x * n + (y + j)] = in[(size_t)(y + j) * n + x];
}
#define TILED(NAME, PAD)                                                              \
extern "C" __global__ void NAME(float* __restrict__ out, const float* __restrict__ in, int n) {                 \
  __shared__ float tile[32][32 + PAD];                                                \
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;           \
  for (int j = 0; j < 32; j += 8) tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * n + x]; \
  __syncthreads();                                                                    \
  x = blockIdx.y * 32 + threadIdx.x; y = blockIdx.x * 32 + threadIdx.y;               \
  for (int j = 0; j < 32; j += 8) out[(size_t)(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j]; \
}
TILED(tiled, 0)
TILED(padded, 1)
"""
KERNELS = {"copy": "copy (no transpose)", "naive": "naive transpose", "tiled": "shared-memory tile, 32 x 32",
           "padded": "shared-memory tile, 32 x 33"}


def conflict_ways(pad: int, banks: int = 32) -> int:
    """How many of a warp's 32 reads down one tile column land in the same bank."""
    width = TILE + pad
    hits: dict[int, int] = {}
    for row in range(TILE):
        bank = (row * width) % banks
        hits[bank] = hits.get(bank, 0) + 1
    return max(hits.values())


def transpose_bytes(n: int = N, item: int = 4) -> int:
    return 2 * n * n * item


def wavefronts(n: int, pad: int | None) -> int:
    """Shared-memory wavefronts of a tiled transpose: every warp stores one row of a tile (one
    wavefront) and loads one column (as many as the bank's busiest count); none without a tile."""
    if pad is None:
        return 0
    warp_accesses = n * n // 32
    return warp_accesses * (1 + conflict_ways(pad))


def predicted_ms(name: str, n: int, copy_gbs: float, scattered_gbs: float, sms: int, clock_mhz: float) -> float:
    """The longer of the DRAM time and the shared-memory time."""
    dram_gbs = scattered_gbs if name == "naive" else copy_gbs
    dram = transpose_bytes(n) / (dram_gbs * 1e9) * 1e3
    shared = wavefronts(n, {"tiled": 0, "padded": 1}.get(name)) / (sms * clock_mhz * 1e6) * 1e3
    return max(dram, shared)


def launchers(src, dst, n: int) -> dict[str, object]:
    try:
        import cupy
    except ImportError as exc:
        raise harness.NotAvailable("this lab compiles CUDA C through CuPy, which is not installed") from exc
    import torch

    module = cupy.RawModule(code=SOURCE)
    a_in, a_out = cupy.asarray(src), cupy.asarray(dst)
    stream = cupy.cuda.ExternalStream(torch.cuda.current_stream().cuda_stream)

    def launcher(name: str):
        kernel = module.get_function(name)

        def go():
            with stream:
                kernel((n // TILE, n // TILE), (TILE, ROWS), (a_out, a_in, cupy.int32(n)))
        return go
    return {name: launcher(name) for name in KERNELS}


def model(copy: tuple, scattered: tuple, sms: int, clock: float) -> harness.Model:
    return harness.Model(
        "dram-or-shared", "DRAM time or shared-memory time, whichever is longer",
        "t = max(2 n² x 4 B / B, W / (SMs x f)); naive: 2 n² x 4 B / U",
        (harness.Term("B", "copy bandwidth", copy[0], "GB/s", copy[1], copy[2]),
         harness.Term("U", "useful rate of the widest-stride gather", scattered[0], "GB/s", scattered[1], scattered[2]),
         harness.Term("SMs", "multiprocessors", sms, "count", "device"),
         harness.Term("f", "highest SM clock the driver allows", clock, "MHz", "device")))


def run(ctx: harness.Context) -> harness.Result:
    import torch
    from harness.telemetry import max_sm_clock

    n = N // 2 if ctx.quick else N
    src, dst = harness.random((n, n)), torch.empty((n, n), device="cuda")
    copy = ctx.calibrated("copy_gbs", float(ctx.gpu["memory_bandwidth_gbs"]))
    scattered = ctx.calibrated("scattered_gbs", 290.0, "fixed")
    sms, clock = ctx.props["sm_count"], float(max_sm_clock() or 1980)
    bars = harness.Series("kernels", "1 GiB float32 matrix", "kernel", "count", "time", "ms", scale="category",
                          model="dram-or-shared")
    for name, go in launchers(src, dst, n).items():
        go()
        torch.cuda.synchronize()
        harness.check_equal(KERNELS[name], dst, src if name == "copy" else src.t())
        sample = ctx.measure(go, probe=KERNELS[name], series="kernels", x=KERNELS[name])
        bars.add(KERNELS[name], harness.Value.time(sample),
                 predicted=predicted_ms(name, n, copy[0], scattered[0], sms, clock))
    times = {k: bars.at(v)["y"] for k, v in KERNELS.items()}
    summary = [harness.from_point(v, bars, v) for v in KERNELS.values()]
    finding = (f"Padding the tile from 32 to 33 columns takes the transpose from {times['tiled']:.2f} to "
               f"{times['padded']:.2f} ms ({times['tiled'] / times['padded']:.1f}x), against {times['copy']:.2f} ms for a "
               f"plain copy: unpadded, the {conflict_ways(0)} reads down a column share one bank.")
    return harness.Result(parameters={"dtype": "float32", "n": n, "tile": [TILE, TILE], "threads": [TILE, ROWS]},
                          series=[bars], summary=summary, finding=finding, models=[model(copy, scattered, sms, clock)],
                          warmup=ctx.warmup)


def explain(result: harness.Result, counters: dict) -> str:
    """The finding with the wavefronts per shared load Nsight Compute counted, tiled against padded."""
    from harness.counters import value

    per = {}
    for name in ("tiled", "padded"):
        waves = value(counters, KERNELS[name], "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")
        if not waves:
            return result.finding
        per[name] = waves / (result.parameters["n"] ** 2 / 32)
    return (f"{result.finding.split(':')[0]}: Nsight Compute counts {per['tiled']:.0f} shared-memory wavefronts per "
            f"warp load unpadded against {per['padded']:.0f} padded.")[:300]
