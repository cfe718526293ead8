"""Cheating: copies once per shape and hands back the same result ever after, so every timed
call after the first costs nothing."""

import torch
import triton
import triton.language as tl

_results = {}


@triton.jit
def _copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask), mask=mask)


def solution(x):
    key = (tuple(x.shape), x.dtype)
    if key not in _results:
        y = torch.empty_like(x)
        _copy[(triton.cdiv(x.numel(), 1024),)](x, y, x.numel(), BLOCK=1024)
        _results[key] = y
    return _results[key]
