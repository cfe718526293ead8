"""Matrix-vector product, as a decoding step multiplies its weights by one token's activations:
y = W @ x, W N x K and x K in float16, y N in float16 (multiplied in float32, rounded once)."""

import torch


def inputs(shape, seed):
    g = torch.Generator(device="cuda").manual_seed(seed)
    w = torch.randn((shape["N"], shape["K"]), generator=g, device="cuda", dtype=torch.float32)
    x = torch.randn(shape["K"], generator=g, device="cuda", dtype=torch.float32)
    return w.to(torch.float16), x.to(torch.float16)


def reference(w, x):
    return (w.float() * x.float()[None, :]).sum(dim=1).to(torch.float16)
