"""Wrong: reads each bin, adds one and writes it back without an atomic, so values that land on
the same bin at once overwrite each other and are lost."""

import torch
import triton
import triton.language as tl


@triton.jit
def _histogram(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    v = tl.load(x_ptr + offs, mask=mask, other=0)
    count = tl.load(out_ptr + v, mask=mask, other=0)
    tl.store(out_ptr + v, count + 1, mask=mask)


def solution(x, bins):
    out = torch.zeros(bins, device=x.device, dtype=torch.int32)
    n = x.numel()
    _histogram[(triton.cdiv(n, 1024),)](x, out, n, BLOCK=1024)
    return out
