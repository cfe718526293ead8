"""Wrong: each program stores its partial sum instead of adding it, so the programs race and
the last one to write wins."""

import torch
import triton
import triton.language as tl


@triton.jit
def _sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.sum(x, axis=0))


def solution(x):
    out = torch.zeros(1, device=x.device, dtype=torch.float32)
    n = x.numel()
    _sum[(triton.cdiv(n, 4096),)](x, out, n, BLOCK=4096)
    return out
