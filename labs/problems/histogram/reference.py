"""A histogram: counts[b] = how many of the n int32 values of x equal b, for b in [0, bins)."""

import torch


def inputs(shape, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    return torch.randint(0, shape["bins"], (shape["n"],), generator=g, device="cuda", dtype=torch.int32), shape["bins"]


def reference(x, bins):
    return torch.bincount(x, minlength=bins).to(torch.int32)
