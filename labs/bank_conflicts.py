"""Shared memory and bank conflicts: a matrix transpose, naive, tiled, and tiled with padding.

What it measures: four kernels over a 16384 x 16384 float32 matrix (1 GiB): a plain copy (the
ceiling), a naive transpose (reads coalesced, writes 16 KiB apart), a transpose through a
32 x 32 tile in shared memory (both global accesses coalesced, but the tile is read down a
column: 32 threads hit one bank, a 32-way conflict) and the same tile padded to 32 x 33 (a
column's words fall in 32 different banks).
How: CUDA C compiled at run time through CuPy (Triton does not let a program choose its own
shared-memory layout), each kernel's output compared exactly with PyTorch's transpose, then
timed as the harness does.
Against what ceiling: the bytes (one read and one write of the matrix) over the vendor's
bandwidth, the same for all four: the differences are access patterns alone.
"""

from __future__ import annotations

import harness

ID = "bank-conflicts"

N = 16384
TILE, ROWS = 32, 8  # a 32 x 32 tile, moved by 32 x 8 threads in four steps

SOURCE = r"""
extern "C" __global__ void copy(float* out, const float* in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(size_t)(y + j) * n + x] = in[(size_t)(y + j) * n + x];
}
extern "C" __global__ void naive(float* out, const float* in, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8) out[(size_t)x * n + (y + j)] = in[(size_t)(y + j) * n + x];
}
#define TILED(NAME, PAD)                                                              \
extern "C" __global__ void NAME(float* out, const float* in, int n) {                 \
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


def run(ctx: harness.Context) -> harness.Result:
    import torch

    n = N // 2 if ctx.quick else N
    src, dst = harness.random((n, n)), torch.empty((n, n), device="cuda")
    bw = float(ctx.gpu["memory_bandwidth_gbs"])
    predicted = transpose_bytes(n) / (bw * 1e9) * 1e3
    bars = harness.Series("kernels", "1 GiB float32 matrix", "kernel", "count", "time", "ms", scale="category")
    times = {}
    for name, go in launchers(src, dst, n).items():
        go()
        torch.cuda.synchronize()
        harness.check_equal(KERNELS[name], dst, src if name == "copy" else src.t())
        times[name] = harness.time_ms(ctx, go)
        bars.add(KERNELS[name], times[name], predicted)
    summary = [harness.summary_row(KERNELS[k], v, predicted, "ms") for k, v in times.items()]
    finding = (f"Padding the tile from 32 to 33 columns takes the transpose from {times['tiled']:.2f} to "
               f"{times['padded']:.2f} ms ({times['tiled'] / times['padded']:.1f}x), against {times['copy']:.2f} ms for a "
               f"plain copy: unpadded, the {conflict_ways(0)} reads down a column share one bank.")
    return harness.Result(parameters={"dtype": "float32", "n": n, "tile": [TILE, TILE], "threads": [TILE, ROWS]},
                          series=[bars], summary=summary, finding=finding, repeats=ctx.repeats, warmup=ctx.warmup)
