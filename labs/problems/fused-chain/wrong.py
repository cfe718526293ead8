"""Wrong: leaves out the last step of the chain, the + 0.1."""

import torch
import triton
import triton.language as tl


@triton.jit
def _chain(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = 0.5 * x * tl.sigmoid(1.702 * x)
    tl.store(y_ptr + offs, y, mask=mask)


def solution(x):
    y = torch.empty_like(x)
    n = x.numel()
    _chain[(triton.cdiv(n, 1024),)](x, y, n, BLOCK=1024)
    return y
