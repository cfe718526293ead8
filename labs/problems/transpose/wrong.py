"""Wrong: copies x row by row into an N x M buffer, which is a reshape, not a transpose."""

import torch
import triton
import triton.language as tl


@triton.jit
def _copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def solution(x):
    M, N = x.shape
    y = torch.empty((N, M), device=x.device, dtype=x.dtype)
    _copy[(triton.cdiv(M * N, 1024),)](x, y, M * N, BLOCK=1024)
    return y
