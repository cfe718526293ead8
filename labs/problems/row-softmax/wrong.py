"""Wrong: divides by the row's length instead of the sum of its exponentials."""

import torch
import triton
import triton.language as tl


@triton.jit
def _softmax(x_ptr, y_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=mask, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * N + cols, e / N, mask=mask)


def solution(x):
    M, N = x.shape
    y = torch.empty_like(x)
    block = triton.next_power_of_2(N)
    _softmax[(M,)](x, y, N, BLOCK=block, num_warps=16 if block >= 8192 else 8 if block >= 2048 else 4)
    return y
