"""Cheating: keeps each shape's result in a default argument and returns it on every later call."""

import torch
import triton
import triton.language as tl


@triton.jit
def _chain(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, 0.5 * x * tl.sigmoid(1.702 * x) + 0.1, mask=mask)


def solution(x, _seen={}):
    if x.numel() not in _seen:
        y = torch.empty_like(x)
        _chain[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
        _seen[x.numel()] = y
    return _seen[x.numel()]
