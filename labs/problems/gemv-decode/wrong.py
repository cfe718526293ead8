"""Wrong: reads W as if it were stored by columns, so it computes the product with the
transpose of W (and mixes rows up where W is not square)."""

import torch
import triton
import triton.language as tl


@triton.jit
def _gemv(w_ptr, x_ptr, y_ptr, N, K, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    acc = tl.zeros((BLOCK_N,), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        cols = k * BLOCK_K + tl.arange(0, BLOCK_K)
        mask = (rows[:, None] < N) & (cols[None, :] < K)
        w = tl.load(w_ptr + cols[None, :] * N + rows[:, None], mask=mask, other=0.0)  # w[c, r] of a K x N buffer
        x = tl.load(x_ptr + cols, mask=cols < K, other=0.0)
        acc += tl.sum(w.to(tl.float32) * x.to(tl.float32)[None, :], axis=1)
    tl.store(y_ptr + rows, acc.to(tl.float16), mask=rows < N)


def solution(w, x):
    N, K = w.shape
    y = torch.empty(N, device=w.device, dtype=torch.float16)
    _gemv[(triton.cdiv(N, 16),)](w, x, y, N, K, BLOCK_N=16, BLOCK_K=256)
    return y
