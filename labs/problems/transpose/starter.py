"""A plain transpose: each program moves one 32 x 32 tile, read along rows of x, written along
rows of y. Try larger tiles, more warps, and whether the compiler stages the tile through
shared memory so that both the reads and the writes are coalesced."""

import torch
import triton
import triton.language as tl


@triton.jit
def _transpose(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    tile = tl.load(x_ptr + rows[:, None] * N + cols[None, :], mask=mask)
    tl.store(y_ptr + cols[None, :] * M + rows[:, None], tile, mask=mask)  # y[c, r] = x[r, c]


def solution(x):
    M, N = x.shape
    y = torch.empty((N, M), device=x.device, dtype=x.dtype)
    grid = (triton.cdiv(M, 32), triton.cdiv(N, 32))
    _transpose[grid](x, y, M, N, BLOCK_M=32, BLOCK_N=32)
    return y
